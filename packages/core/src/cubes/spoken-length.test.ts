import { describe, expect, it } from 'vitest';
import { spokenLength } from './spoken-length.js';

describe('spokenLength', () => {
  it('counts folded and trimmed speech without tags', () => {
    expect(spokenLength('<p>Hi  Tom</p>')).toBe(6);
    const welcome = 'Hi Person 1, Jr. from 北京, welcome to Company 1.';
    expect(spokenLength(`<p>${welcome}</p>`)).toBe(welcome.length);
    expect(spokenLength('a<br>b<br/>c</p>')).toBe(5);
    expect(spokenLength('Tom &amp; Jerry')).toBe(11);
    expect(spokenLength(' \u3000 ')).toBe(0);
  });
});
