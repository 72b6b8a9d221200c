import { describe, expect, it } from 'vitest';
import { jsonEqual } from './json-equal.js';

class Point {
  constructor(readonly x = 1) {}
}

describe('jsonEqual', () => {
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
