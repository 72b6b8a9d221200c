/**
 * Short, fixed-form descriptions of values and expected types for issue messages.
 */

const MAX_TEXT = 40;

/**
 * Describes a received value: strings quoted (and shortened), numbers and booleans as written,
 * arrays and objects by kind.
 *
 * @example describeValue('anna') // '"anna"'
 * @example describeValue([1, 2]) // 'an array of 2 entries'
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const text = value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
    return JSON.stringify(text);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty array' : `an array of ${entries(value.length)}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/**
 * Describes an expected type named the way zod names it (`int`, `record`, …).
 *
 * @example describeExpected('int') // 'an integer'
 */
export function describeExpected(expected: string): string {
  switch (expected) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'int':
      return 'an integer';
    case 'boolean':
      return 'true or false';
    case 'object':
    case 'record':
      return 'an object';
    case 'array':
    case 'tuple':
      return 'an array';
    case 'null':
      return 'null';
    case 'undefined':
    case 'never':
      return 'nothing (remove it)';
    case 'nonoptional':
      return 'a value';
    default:
      return /^[aeiou]/i.test(expected) ? `an ${expected}` : `a ${expected}`;
  }
}

/** `1 entry`, `3 entries`. */
export function entries(count: number | bigint): string {
  return `${count} ${count === 1 || count === 1n ? 'entry' : 'entries'}`;
}

/** True for a non-null, non-array object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
