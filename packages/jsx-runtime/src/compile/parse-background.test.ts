import { describe, expect, it } from 'vitest';
import { parseBackground } from './parse-background.js';

describe('parseBackground', () => {
  it('reads colours in core grammar and image URLs', () => {
    expect(parseBackground('#0a1b2c')).toEqual({ kind: 'colour', rgb: 'rgb(10,27,44)', opaque: true });
    expect(parseBackground(' #FfF ')).toEqual({ kind: 'colour', rgb: 'rgb(255,255,255)', opaque: true });
    expect(parseBackground('#a1c')).toEqual({ kind: 'colour', rgb: 'rgb(170,17,204)', opaque: true });
    expect(parseBackground('rgb(1, 2, 3)')).toEqual({ kind: 'colour', rgb: 'rgb(1,2,3)', opaque: true });
    expect(parseBackground('#01020380')).toEqual({ kind: 'colour', rgb: 'rgb(1,2,3)', opaque: false });
    expect(parseBackground('rgb(256,0,0)')).toBeUndefined();
    expect(parseBackground('rgba(1,2,3,0.5)')).toBeUndefined();
    expect(parseBackground('https://cdn.example.com/bg.jpg')).toEqual({
      kind: 'image',
      url: 'https://cdn.example.com/bg.jpg',
    });
    expect(parseBackground('../bg.png')).toEqual({ kind: 'image', url: '../bg.png' });
    expect(parseBackground('#zzz')).toBeUndefined();
    expect(parseBackground('ftp://x/bg.png')).toBeUndefined();
  });
});
