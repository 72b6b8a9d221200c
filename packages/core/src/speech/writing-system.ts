import { spokenText } from '../cubes/spoken-text.js';
import { primaryLanguage } from './estimate-scene-duration.js';

/** The writing systems a script is told apart by. */
export type WritingSystem =
  | 'Latin'
  | 'Hangul'
  | 'kana'
  | 'Han'
  | 'Arabic'
  | 'Cyrillic'
  | 'Greek'
  | 'Devanagari'
  | 'Tamil'
  | 'Hebrew'
  | 'Thai';

const LETTERS: readonly (readonly [WritingSystem, RegExp])[] = [
  ['Latin', /\p{Script=Latin}/gu],
  ['Hangul', /\p{Script=Hangul}/gu],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['Han', /\p{Script=Han}/gu],
  ['Arabic', /\p{Script=Arabic}/gu],
  ['Cyrillic', /\p{Script=Cyrillic}/gu],
  ['Greek', /\p{Script=Greek}/gu],
  ['Devanagari', /\p{Script=Devanagari}/gu],
  ['Tamil', /\p{Script=Tamil}/gu],
  ['Hebrew', /\p{Script=Hebrew}/gu],
  ['Thai', /\p{Script=Thai}/gu],
];

const LATIN = ['Latin'] as const;
const CYRILLIC = ['Cyrillic'] as const;

/**
 * The writing systems a language's speech is written in, by primary subtag: the avatar languages the
 * service's dubbing table names. Japanese may be mostly kanji and Korean may carry hanja, so Han counts for both.
 */
export const LANGUAGE_WRITING_SYSTEMS: Readonly<Record<string, readonly WritingSystem[]>> = Object.freeze({
  en: LATIN,
  pt: LATIN,
  es: LATIN,
  fr: LATIN,
  de: LATIN,
  it: LATIN,
  nl: LATIN,
  tr: LATIN,
  pl: LATIN,
  sv: LATIN,
  fil: LATIN,
  ms: LATIN,
  ro: LATIN,
  cs: LATIN,
  da: LATIN,
  fi: LATIN,
  hr: LATIN,
  sk: LATIN,
  id: LATIN,
  vi: LATIN,
  ru: CYRILLIC,
  uk: CYRILLIC,
  bg: CYRILLIC,
  el: ['Greek'],
  ar: ['Arabic'],
  hi: ['Devanagari'],
  ta: ['Tamil'],
  zh: ['Han'],
  ja: ['kana', 'Han'],
  ko: ['Hangul', 'Han'],
});

/**
 * The writing system most letters of `text` are in (tags and entities left out; on a tie, the first of
 * {@link WritingSystem}'s order), or `undefined` for text without letters.
 *
 * @example dominantWritingSystem('<p>Hello 世界</p>') // 'Latin'
 */
export function dominantWritingSystem(text: string): WritingSystem | undefined {
  const spoken = spokenText(text);
  let best: WritingSystem | undefined;
  let bestCount = 0;
  for (const [system, letters] of LETTERS) {
    const count = spoken.match(letters)?.length ?? 0;
    if (count > bestCount) {
      best = system;
      bestCount = count;
    }
  }
  return best;
}

/** A script written in a system its language does not use. */
export interface WritingSystemMismatch {
  readonly written: WritingSystem;
  readonly expected: readonly WritingSystem[];
}

/**
 * Whether speech `text` is mostly written in a system that `language` (`ja`, `en-US`) is not written in:
 * Latin text for a `ja` avatar, Hangul for an `en` one. `undefined` when they match, when the text has no
 * letters, or for a language it does not know.
 *
 * @example writingSystemMismatch('Welcome to the tour', 'ja') // { written: 'Latin', expected: ['kana', 'Han'] }
 */
export function writingSystemMismatch(text: string, language: string | undefined): WritingSystemMismatch | undefined {
  if (language === undefined) return undefined;
  const expected = LANGUAGE_WRITING_SYSTEMS[primaryLanguage(language)];
  if (expected === undefined) return undefined;
  const written = dominantWritingSystem(text);
  if (written === undefined || expected.includes(written)) return undefined;
  return { written, expected };
}
