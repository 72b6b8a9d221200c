import { describe, expect, it } from 'vitest';
import { parseBackground } from './parse-background.js';

describe('parseBackground', () => {
  it('reads colours and image URLs', () => {
    expect(parseBackground('#0a1b2c')).toEqual({ kind: 'colour', rgb: 'rgb(10,27,44)' });
    expect(parseBackground(' #FfF ')).toEqual({ kind: 'colour', rgb: 'rgb(255,255,255)' });
    expect(parseBackground('#a1c')).toEqual({ kind: 'colour', rgb: 'rgb(170,17,204)' });
    expect(parseBackground('RGBA(1, 2, 3, 0.5)')).toEqual({ kind: 'colour', rgb: 'rgb(1,2,3)' });
    expect(parseBackground('rgb(256,0,0)')).toBeUndefined();
    expect(parseBackground('https://cdn.example.com/bg.jpg')).toEqual({
      kind: 'image',
      url: 'https://cdn.example.com/bg.jpg',
    });
    expect(parseBackground('../bg.png')).toEqual({ kind: 'image', url: '../bg.png' });
    expect(parseBackground('#zzz')).toBeUndefined();
    expect(parseBackground('ftp://x/bg.png')).toBeUndefined();
  });
});
