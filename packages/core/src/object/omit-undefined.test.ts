import { describe, expect, expectTypeOf, it } from 'vitest';
import { omitUndefined } from './omit-undefined.js';

describe('omitUndefined', () => {
  it('drops the keys whose value is undefined and keeps null, 0, false and empty strings', () => {
    const copy = omitUndefined({ a: undefined, b: null, c: 0, d: false, e: '' });
    expect(copy).toStrictEqual({ b: null, c: 0, d: false, e: '' });
    expect(Object.hasOwn(copy, 'a')).toBe(false);
  });

  it('types a maybe-undefined value as an optional property that exact optional types accept', () => {
    const timeoutMs = Number('5') > 1 ? 5 : undefined;
    const copy = omitUndefined({ name: 'x', timeoutMs });
    expectTypeOf(copy).toEqualTypeOf<{ name: string } & { timeoutMs?: number }>();
    const target: { readonly name: string; readonly timeoutMs?: number } = copy;
    expect(target).toStrictEqual({ name: 'x', timeoutMs: 5 });
  });
});
