/**
 * Code point ranges the text box estimate draws one em wide (inclusive); everything else is Latin.
 * Halfwidth katakana and hangul (U+FF61–U+FFDC) are half width by definition, so not here.
 */
export const CJK_RANGES: readonly (readonly [start: number, end: number, name: string])[] = Object.freeze([
  [0x1100, 0x11ff, 'Hangul Jamo'],
  [0x2e80, 0x2fdf, 'CJK Radicals Supplement, Kangxi Radicals'],
  [0x3000, 0x303f, 'CJK Symbols and Punctuation'],
  [0x3040, 0x309f, 'Hiragana'],
  [0x30a0, 0x30ff, 'Katakana'],
  [0x3130, 0x318f, 'Hangul Compatibility Jamo'],
  [0x31f0, 0x31ff, 'Katakana Phonetic Extensions'],
  [0x3200, 0x33ff, 'Enclosed CJK Letters and Months, CJK Compatibility'],
  [0x3400, 0x4dbf, 'CJK Unified Ideographs Extension A'],
  [0x4e00, 0x9fff, 'CJK Unified Ideographs'],
  [0xa960, 0xa97f, 'Hangul Jamo Extended-A'],
  [0xac00, 0xd7af, 'Hangul Syllables'],
  [0xd7b0, 0xd7ff, 'Hangul Jamo Extended-B'],
  [0xf900, 0xfaff, 'CJK Compatibility Ideographs'],
  [0xff01, 0xff60, 'Fullwidth ASCII variants and brackets'],
  [0xffe0, 0xffe6, 'Fullwidth signs'],
  [0x20000, 0x3134f, 'CJK Unified Ideographs Extensions B–G, Compatibility Supplement'],
] as const);

/**
 * True when the first code point of `character` is Han, Hiragana, Katakana, Hangul or fullwidth.
 *
 * @example isCjkCharacter('あ') // true
 */
export function isCjkCharacter(character: string): boolean {
  const code = character.codePointAt(0);
  return code !== undefined && isCjkCodePoint(code);
}

/** {@link isCjkCharacter} of one code point. */
export function isCjkCodePoint(code: number): boolean {
  // Most text is Latin, below the first range: answered without a search.
  return code >= 0x1100 && CJK_RANGES.some(([start, end]) => code >= start && code <= end);
}
