import { describe, expect, it } from 'vitest';
import { jsonStringEnd } from './json-string-end.js';

describe('jsonStringEnd', () => {
  it('finds the closing quote', () => {
    expect(jsonStringEnd('{"name": 1}', 1)).toBe(6);
    expect(jsonStringEnd('""', 0)).toBe(1);
  });

  it('skips escaped quotes and backslashes', () => {
    expect(jsonStringEnd('{"a\\"b": 1}', 1)).toBe(6);
    expect(jsonStringEnd('"a\\\\" ', 0)).toBe(4);
  });

  it('returns the text length for a string that never closes', () => {
    expect(jsonStringEnd('"abc', 0)).toBe(4);
    expect(jsonStringEnd('"abc\\', 0)).toBe(5);
  });
});
