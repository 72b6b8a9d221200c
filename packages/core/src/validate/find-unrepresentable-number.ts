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

/** Only texts with a long exponent or a very long run of digits can hold such a literal. */
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
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      i = jsonStringEnd(text, i) + 1;
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (match === null) {
        i += 1;
        continue;
      }
      const literal = match[0];
      const value = Number(literal);
      if (!Number.isFinite(value)) return { text: literal, position: i, readAs: value > 0 ? 'Infinity' : '-Infinity' };
      if (value === 0 && /[1-9]/.test(literal.replace(/[eE].*$/, ''))) return { text: literal, position: i, readAs: '0' };
      i += literal.length;
      continue;
    }
    i += 1;
  }
  return undefined;
}
