import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';
import { jsonEqual } from './json-equal.js';

class Point {
  constructor(readonly x = 1) {}
}

// Few keys and leaves, so that two values drawn apart are often equal or nearly so; the leaves
// JSON writes specially (undefined, NaN, functions, toJSON, class instances) among them.
const leaf = fc.constantFrom<unknown>(undefined, null, 0, -0, 1, '1', 'x', '', true, false, NaN, Infinity, () => 1, new Date(0), '1970-01-01T00:00:00.000Z', { toJSON: () => 1 }, new Point());
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 })),
}));

/** A deep copy of the plain objects and arrays in `v` with every object's keys in reverse order. */
function reordered(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reordered);
  if (typeof v !== 'object' || v === null || Object.getPrototypeOf(v) !== Object.prototype || 'toJSON' in v) return v;
  return Object.fromEntries(Object.entries(v).reverse().map(([k, x]) => [k, reordered(x)]));
}

describe('jsonEqual', () => {
  it('answers as comparing the canonical JSON texts does, for values of every kind', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(jsonEqual(a, b)).toBe(canonicalJson(a) === canonicalJson(b));
        expect(jsonEqual(a, reordered(b))).toBe(canonicalJson(a) === canonicalJson(b));
        expect(jsonEqual(a, reordered(a))).toBe(true);
      }),
      { numRuns: 20000 },
    );
  });

  it('ignores key order and treats undefined fields as absent, as JSON does', () => {
    expect(jsonEqual({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(true);
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual([undefined], [null])).toBe(true);
    expect(jsonEqual(undefined, undefined)).toBe(true);
  });

  it('tells apart what JSON tells apart', () => {
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual(undefined, null)).toBe(false);
    expect(jsonEqual([1], { 0: 1 })).toBe(false);
  });

  it('compares values JSON writes specially by their text', () => {
    expect(jsonEqual({ a: NaN }, { a: null })).toBe(true);
    expect(jsonEqual({ a: () => 1 }, {})).toBe(true);
    expect(jsonEqual([() => 1], [null])).toBe(true);
    expect(jsonEqual(new Date(0), '1970-01-01T00:00:00.000Z')).toBe(true);
    expect(jsonEqual(new Point(2), { x: 2 })).toBe(true);
    expect(jsonEqual(new Point(2), { x: 3 })).toBe(false);
  });
});
