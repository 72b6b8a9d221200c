import { canonicalJson } from './canonical-json.js';

/**
 * Whether two values have the same JSON text up to key order.
 *
 * @example jsonEqual({ a: 1, b: [2] }, { b: [2], a: 1 }) // true
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
