import { describe, expect, it } from 'vitest';
import { findDuplicateKey } from './find-duplicate-key.js';
import { parseJsonText } from './parse-json-text.js';

describe('findDuplicateKey', () => {
  it('returns the path and offset of the second occurrence', () => {
    const text = '{"scenes": [{"a": 1}, {"clips": [], "b": {"k": 1, "k": 2}}]}';
    expect(findDuplicateKey(text)).toEqual({ path: ['scenes', 1, 'b', 'k'], position: text.lastIndexOf('"k"') });
  });

  it('compares keys as decoded, and ignores quotes, braces and commas inside strings', () => {
    expect(findDuplicateKey('{"a": 1, "\\u0061": 2}')?.path).toEqual(['a']);
    expect(findDuplicateKey('{"a": "x\\",\\"a\\":{", "b": [",", "{"]}')).toBeUndefined();
    expect(findDuplicateKey('[{"a": 1}, {"a": 2}, {"x": {"a": 1}, "a": 3}]')).toBeUndefined();
  });

  it('handles 200 000 nested arrays and objects without recursion', () => {
    const depth = 200_000;
    expect(findDuplicateKey(`${'[{"a":'.repeat(depth)}1${'}]'.repeat(depth)}`)).toBeUndefined();
    expect(findDuplicateKey(`${'{"a":'.repeat(depth)}{"b":1,"b":2}${'}'.repeat(depth)}`)?.path).toHaveLength(depth + 1);
  });
});

describe('parseJsonText', () => {
  it('refuses a repeated key with the file, line and column of the second and its path', () => {
    const text = '{\n  "projectId": "p1",\n  "updates": [],\n  "projectId": "p2"\n}';
    expect(() => parseJsonText(text, { source: 'modify.json' })).toThrow(
      'modify.json:4:3 has the key "projectId" twice in one object (at projectId); JSON would keep only the last. Remove one and try again.',
    );
  });
});

describe('parseJsonText numbers', () => {
  it('quotes a number that underflows as written instead of reading it as 0 (an overflow is Infinity, which schema checks report)', () => {
    expect(() => parseJsonText('{\n  "width": 1e-999\n}', { source: 'p.json' })).toThrow(
      'p.json:2:12 has the number 1e-999, which a double cannot hold: it would be read as 0. Write 0 or a number in range, and try again.',
    );
    expect(parseJsonText('[1e999]', { source: 'p.json' })).toEqual([Infinity]);
    expect(parseJsonText('{"a": "1e-999", "b": 0e-999, "c": 1e-300}', { source: 'p.json' })).toEqual({
      a: '1e-999',
      b: 0,
      c: 1e-300,
    });
  });
});
