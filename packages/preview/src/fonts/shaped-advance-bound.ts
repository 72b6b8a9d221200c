import type { FontFace } from './read-font-faces.js';
import { shapedAdvance } from './text-shaper.js';

/**
 * What shaping may add to a glyph of a simply shaped script beyond its nominal advance, in em. Kerning and
 * contextual forms in the installed Noto, DejaVu and Liberation faces add at most 0.13 em (a proportional
 * digit that becomes tabular after a letter in Noto Serif CJK Bold); the margin is about twice that.
 */
export const SHAPING_MARGIN_EM = 0.25;

/**
 * Characters whose shaping only kerns them or swaps one glyph for a similar one: Latin, Greek, Cyrillic,
 * Han, kana, Hangul syllables, and the shared punctuation, digits and symbols of the basic plane. Not marks
 * (they are positioned over other glyphs), format or control characters, conjoining jamo, emoji, nor any
 * script whose shaping joins or reorders (Arabic, Hebrew, Indic, Thai, …).
 */
const SIMPLY_SHAPED =
  /^(?:(?![\p{M}\p{C}\u{10000}-\u{1ffff}])[\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Common}\uac00-\ud7a3])*$/u;

/** True when every character of `text` is of a simply shaped script (see SHAPING_MARGIN_EM). */
export function isSimplyShaped(text: string): boolean {
  return SIMPLY_SHAPED.test(text);
}

/**
 * An upper bound of `shapedAdvance(face, text)` in em, without shaping when it can: `nominal` (the sum of the
 * characters' advances in the face, in em) plus SHAPING_MARGIN_EM per character for text of simply shaped
 * scripts; for any other text the shaped advance itself (undefined when fontkit cannot read the face).
 *
 * @example shapedAdvanceBound(face, '2027', 2.288) // 3.288: four digits, never shaped
 */
export function shapedAdvanceBound(face: FontFace, text: string, nominal: number): number | undefined {
  if (!isSimplyShaped(text)) return shapedAdvance(face, text);
  let characters = 0;
  for (const _ of text) characters++;
  return nominal + SHAPING_MARGIN_EM * characters;
}
