/**
 * Index of the quote closing the JSON string whose opening quote is at `start` (skipping escaped
 * characters), or `text.length` when the string never closes. The scanners of a parsed JSON text
 * (duplicate keys, unrepresentable numbers) use it to step over strings.
 *
 * @example jsonStringEnd('{"a\\"b": 1}', 1) // 6
 */
export function jsonStringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
  return Math.min(i, text.length);
}
