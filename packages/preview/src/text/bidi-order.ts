/**
 * Right-to-left text (Arabic, Hebrew) in visual order: a simplified Unicode Bidirectional Algorithm for one
 * line without explicit embeddings. Characters get an embedding level, a line splits into runs of one face
 * and one level, and the runs are put in visual order; each run is then shaped in its own direction.
 */

/** Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and the Hebrew/Arabic presentation forms. */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const DIGIT = /\p{Nd}/u;
const LETTER = /[\p{L}\p{M}]/u;
/** Separators inside a number (`1,000.5`, `12:30`, `1/2`) and signs next to one (`20%`, `$5`, `-3`). */
const NUMBER_SEPARATOR = /[.,:/\u066b\u066c]/u;
const NUMBER_SIGN = /[%\u066a\u2030$€£¥+\-#]/u;

/** Strong right-to-left, strong left-to-right, a number, or neutral (spaces, punctuation, symbols). */
type BidiClass = 'R' | 'L' | 'D' | 'N';

/** True when the text has a right-to-left character (only such lines need reordering). */
export function hasRtl(text: string): boolean {
  return RTL.test(text);
}

/**
 * The paragraph direction by its first strong character (rules P2–P3): `rtl` for Arabic or
 * Hebrew, else `ltr`.
 *
 * @example paragraphDirection('2024 مرحبا abc') // 'rtl'
 */
export function paragraphDirection(text: string): 'ltr' | 'rtl' {
  for (const char of text) {
    if (DIGIT.test(char)) continue;
    if (RTL.test(char)) return 'rtl';
    if (LETTER.test(char)) return 'ltr';
  }
  return 'ltr';
}

function classes(chars: readonly string[]): BidiClass[] {
  const result = chars.map(
    (char): BidiClass => (DIGIT.test(char) ? 'D' : RTL.test(char) ? 'R' : LETTER.test(char) ? 'L' : 'N'),
  );
  // Separators between digits and signs touching a number belong to the number (rules W4–W5).
  result.forEach((kind, i) => {
    const char = chars[i] ?? '';
    if (kind !== 'N') return;
    const before = result[i - 1];
    const after = result[i + 1];
    const separates = NUMBER_SEPARATOR.test(char) && before === 'D' && after === 'D';
    const signs = NUMBER_SIGN.test(char) && (before === 'D' || after === 'D');
    if (separates || signs) result[i] = 'D';
  });
  return result;
}

/**
 * The embedding level of each character of one line (0/2 left-to-right, 1 right-to-left) in a
 * paragraph of direction `base`. Numbers after Arabic or Hebrew text are right-to-left context
 * (rule W7) but keep their digits left to right (level 2); neutrals take the direction of the
 * text on both sides when it agrees, else the paragraph's (rules N1–N2).
 *
 * @example bidiLevels([...'أ 12'], 'rtl') // [1, 1, 2, 2]
 */
export function bidiLevels(chars: readonly string[], base: 'ltr' | 'rtl'): number[] {
  const kinds = classes(chars);
  const baseLevel = base === 'rtl' ? 1 : 0;
  // A number's direction for its neighbours: R after right-to-left text, L after left-to-right.
  const strong: ('L' | 'R' | undefined)[] = [];
  let last: 'L' | 'R' = base === 'rtl' ? 'R' : 'L';
  kinds.forEach((kind, i) => {
    if (kind === 'R' || kind === 'L') last = kind;
    strong[i] = kind === 'D' ? last : kind === 'N' ? undefined : kind;
  });
  const levels = kinds.map((kind, i) => {
    if (kind === 'R') return 1;
    if (kind === 'L') return baseLevel === 1 ? 2 : 0;
    if (kind === 'D') return baseLevel === 1 || strong[i] === 'R' ? 2 : 0;
    return -1;
  });
  for (let i = 0; i < kinds.length; i++) {
    if (levels[i] !== -1) continue;
    let end = i;
    while (end < kinds.length && levels[end] === -1) end++;
    const before = strong[i - 1] ?? (base === 'rtl' ? 'R' : 'L');
    const after = strong[end] ?? (base === 'rtl' ? 'R' : 'L');
    const direction = before === after ? before : base === 'rtl' ? 'R' : 'L';
    const level = direction === 'R' ? 1 : baseLevel === 1 ? 2 : 0;
    for (let j = i; j < end; j++) levels[j] = level;
    i = end - 1;
  }
  return levels;
}

/**
 * Groups the items of one line (logical order) into runs of equal `key` and equal level and returns them in
 * visual order (rule L2: from the highest level down to 1, every stretch at that level or above is
 * reversed). `rtl` says to shape the run right to left.
 */
export function visualRuns<T extends { readonly char: string }>(
  items: readonly T[],
  key: (item: T) => unknown,
  base: 'ltr' | 'rtl',
): { items: T[]; rtl: boolean }[] {
  const levels = bidiLevels(
    items.map((item) => item.char),
    base,
  );
  const runs: { items: T[]; level: number }[] = [];
  items.forEach((item, i) => {
    const level = levels[i] ?? 0;
    const current = runs.at(-1);
    if (current && current.level === level && key(current.items[0] as T) === key(item)) current.items.push(item);
    else runs.push({ items: [item], level });
  });
  const highest = Math.max(0, ...runs.map((run) => run.level));
  for (let level = highest; level >= 1; level--) {
    for (let i = 0; i < runs.length; i++) {
      if ((runs[i]?.level ?? 0) < level) continue;
      let end = i;
      while (end < runs.length && (runs[end]?.level ?? 0) >= level) end++;
      runs.splice(i, end - i, ...runs.slice(i, end).reverse());
      i = end;
    }
  }
  return runs.map((run) => ({ items: run.items, rtl: run.level % 2 === 1 }));
}
