import { describe, expect, it } from 'vitest';
import { loadExample } from './test-payloads.js';
import { checkRequest } from './check-request.js';
import { findDeepNesting, jsonTextDepth, MAX_JSON_DEPTH } from './find-deep-nesting.js';
import { parseJsonText } from './parse-json-text.js';

/** `levels` nested arrays around a 1, as text and parsed (JSON.parse reads any depth). */
function nested(levels: number): { text: string; value: unknown } {
  const text = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  return { text, value: JSON.parse(text) };
}

describe('findDeepNesting', () => {
  it('names the path of the first container past the limit, the root being level 1', () => {
    expect(findDeepNesting({ a: [[1]] }, 2)).toEqual(['a', 0]);
    expect(findDeepNesting({ a: [1], b: { c: {} } }, 2)).toEqual(['b', 'c']);
    expect(findDeepNesting({ a: [1] }, 2)).toBeUndefined();
    expect(findDeepNesting('text', 1)).toBeUndefined();
  });

  it('walks 100,000 levels without running out of stack', () => {
    const path = findDeepNesting(nested(100_000).value);
    expect(path).toHaveLength(MAX_JSON_DEPTH);
    expect(path!.every((segment) => segment === 0)).toBe(true);
  });
});

describe('jsonTextDepth', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTextDepth('{"a":[1,"]]]\\"[[["]}')).toBe(2);
    expect(jsonTextDepth(nested(5_000).text)).toBe(5_000);
    expect(jsonTextDepth('1')).toBe(0);
  });
});

describe('a create with a field nested 10,000 arrays deep', () => {
  it('is one error issue at the path where it went past the limit, from checkRequest', () => {
    const body = { ...loadExample('create-variant-a'), extra: nested(10_000).value };
    const result = checkRequest('create', body);
    expect(result.ok).toBe(false);
    const issues = result.ok ? [] : result.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'too_big', severity: 'error', path: ['extra', ...Array(99).fill(0)] });
    expect(issues[0]!.message).toMatch(
      /^extra(\[0\]){99} is nested more than 100 levels deep \(objects and arrays\); flatten it to at most 100 levels$/,
    );
  });

  it('is a ValidationError naming the file and the path from parseJsonText, nesting at the limit parses', () => {
    expect(() => parseJsonText(`{"extra":${nested(10_000).text}}`, { source: 'deep.json' })).toThrow(
      /^deep\.json: extra(\[0\]){99} is nested more than 100 levels deep \(objects and arrays\); flatten it to at most 100 levels, and try again\.$/,
    );
    expect(parseJsonText(`{"extra":${nested(99).text}}`, { source: 'ok.json' })).toEqual({
      extra: nested(99).value,
    });
  });
});
