import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.js';

describe('canonicalJson', () => {
  it('sorts the keys of every object, also of objects inside arrays, and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: { f: 3, e: [4, { h: 5, g: 6 }] } }, 'x'] })).toBe(
      '{"a":[{"c":{"e":[4,{"g":6,"h":5}],"f":3},"d":2},"x"],"b":1}',
    );
    expect(canonicalJson([[{ b: 1, a: 2 }], [{ d: 3, c: 4 }]])).toBe('[[{"a":2,"b":1}],[{"c":4,"d":3}]]');
  });

  it('gives one text for values that differ only in key order, and different texts otherwise', () => {
    expect(canonicalJson({ x: 1, y: { p: true, q: null } })).toBe(canonicalJson({ y: { q: null, p: true }, x: 1 }));
    expect(canonicalJson({ x: [1, 2] })).not.toBe(canonicalJson({ x: [2, 1] }));
    expect(canonicalJson({ x: 1 })).not.toBe(canonicalJson({ x: '1' }));
  });

  it('gives the text \'undefined\' for undefined, distinct from every JSON text (the string "undefined" included)', () => {
    expect(canonicalJson(undefined)).toBe('undefined');
    expect(canonicalJson('undefined')).toBe('"undefined"');
    expect(canonicalJson(null)).toBe('null');
    // A missing field (a scene without background) compares equal to another missing one, not to null.
    const scene: Record<string, unknown> = {};
    expect(canonicalJson(scene['background'])).toBe(canonicalJson(undefined));
    expect(canonicalJson(scene['background'])).not.toBe(canonicalJson(null));
    expect(canonicalJson(() => 1)).toBe('undefined');
  });

  it('leaves out object fields that are undefined and writes null for undefined array items, as JSON.stringify does', () => {
    expect(canonicalJson({ b: undefined, a: 1 })).toBe('{"a":1}');
    expect(canonicalJson([undefined, { b: 2, a: undefined }])).toBe('[null,{"b":2}]');
  });
});
