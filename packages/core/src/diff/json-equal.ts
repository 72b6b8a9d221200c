import { canonicalJson } from './canonical-json.js';

/**
 * Whether two values have the same JSON text up to key order: the answer of
 * `canonicalJson(a) === canonicalJson(b)`, without building either text when both are plain JSON
 * data (objects, arrays, strings, finite numbers, booleans, null; fields that are `undefined`
 * count as absent, as JSON leaves them out). Anything else in either (a `toJSON`, a class
 * instance, a function, a number JSON writes as `null`) is compared by the canonical texts.
 *
 * @example jsonEqual({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return plainEqual(a, b) ?? canonicalJson(a) === canonicalJson(b);
}

type Kind = 'absent' | 'primitive' | 'array' | 'object' | 'other';

function kindOf(value: unknown): Kind {
  if (value === undefined) return 'absent';
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return 'primitive';
  if (typeof value === 'number') return Number.isFinite(value) ? 'primitive' : 'other';
  if (typeof value !== 'object') return 'other';
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Array.prototype) return 'array';
  if ((proto === Object.prototype || proto === null) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') return 'object';
  return 'other';
}

/**
 * Equal or not when both are plain JSON data as far as the answer depends on it; `undefined` when a
 * part that is not decides it. A difference between plain parts stands whatever else the values
 * hold: their texts differ there.
 */
function plainEqual(a: unknown, b: unknown): boolean | undefined {
  if (a === b) return true;
  const kind = kindOf(a);
  const other = kindOf(b);
  if (kind === 'other' || other === 'other') return undefined;
  if (kind !== other || kind === 'primitive' || kind === 'absent') return false;
  if (kind === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) {
      // An array item JSON has no text for is written as null.
      const equal = plainEqual(x[i] === undefined ? null : x[i], y[i] === undefined ? null : y[i]);
      if (equal !== true) return equal;
    }
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  for (const key in x) {
    if (!Object.hasOwn(x, key)) continue;
    const equal = plainEqual(x[key], Object.hasOwn(y, key) ? y[key] : undefined);
    if (equal !== true) return equal;
  }
  for (const key in y) {
    if (!Object.hasOwn(y, key) || Object.hasOwn(x, key)) continue;
    const equal = plainEqual(undefined, y[key]);
    if (equal !== true) return equal;
  }
  return true;
}
