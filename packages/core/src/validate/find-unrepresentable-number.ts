import { jsonStringEnd } from './json-string-end.js';

/** A number literal of a JSON text that `JSON.parse` cannot keep as written. */
export interface UnrepresentableNumber {
  /** The literal as written, e.g. `1e-999`. */
  readonly text: string;
  /** Offset of the literal in the text. */
  readonly position: number;
  /** What `JSON.parse` reads instead: `0` (underflow) or `Infinity` (overflow). */
  readonly readAs: string;
}

/** Only a text with a long exponent or a very long run of digits can hold such a literal. */
const CANDIDATE = /\d[eE][+-]?\d{3}|\d{300}/;
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Finds the first number literal outside strings that a double cannot hold: one that underflows
 * to 0 although it is not zero (`1e-999`), or overflows to Infinity (`1e999`). `JSON.parse`
 * silently reads those as 0 or Infinity; a message should quote the number as written.
 *
 * @example findUnrepresentableNumber('{"width": 1e-999}') // { text: '1e-999', position: 10, readAs: '0' }
 */
export function findUnrepresentableNumber(text: string): UnrepresentableNumber | undefined {
  if (!CANDIDATE.test(text)) return undefined;
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"') {
      i = jsonStringEnd(text, i) + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const literal = NUMBER.exec(text)?.[0];
    if (literal === undefined) {
      i += 1;
      continue;
    }
    const value = Number(literal);
    if (!Number.isFinite(value)) return { text: literal, position: i, readAs: value > 0 ? 'Infinity' : '-Infinity' };
    if (value === 0 && /[1-9]/.test(literal.replace(/[eE].*$/, ''))) return { text: literal, position: i, readAs: '0' };
    i += literal.length;
  }
  return undefined;
}
