import { spokenText } from '../cubes/spoken-text.js';

/** Speaking rate of one language. */
export interface SpeechRate {
  readonly unit: 'words' | 'characters';
  /** Units per minute. */
  readonly perMinute: number;
}

/**
 * Speaking rates by primary language subtag (`en` of `en-US`), as documented in the package README: typical
 * narration rates in words, or in characters for Chinese, Japanese and Korean (Hangul syllables).
 */
export const SPEECH_RATES: Readonly<Record<string, SpeechRate>> = Object.freeze({
  en: { unit: 'words', perMinute: 150 },
  hi: { unit: 'words', perMinute: 140 },
  pt: { unit: 'words', perMinute: 150 },
  zh: { unit: 'characters', perMinute: 250 },
  es: { unit: 'words', perMinute: 160 },
  fr: { unit: 'words', perMinute: 150 },
  de: { unit: 'words', perMinute: 130 },
  ja: { unit: 'characters', perMinute: 330 },
  ar: { unit: 'words', perMinute: 120 },
  ru: { unit: 'words', perMinute: 130 },
  ko: { unit: 'characters', perMinute: 300 },
  id: { unit: 'words', perMinute: 140 },
  it: { unit: 'words', perMinute: 150 },
  nl: { unit: 'words', perMinute: 140 },
  tr: { unit: 'words', perMinute: 120 },
  pl: { unit: 'words', perMinute: 130 },
  sv: { unit: 'words', perMinute: 140 },
  fil: { unit: 'words', perMinute: 140 },
  ms: { unit: 'words', perMinute: 140 },
  ro: { unit: 'words', perMinute: 140 },
  uk: { unit: 'words', perMinute: 130 },
  el: { unit: 'words', perMinute: 130 },
  cs: { unit: 'words', perMinute: 130 },
  da: { unit: 'words', perMinute: 140 },
  fi: { unit: 'words', perMinute: 110 },
  bg: { unit: 'words', perMinute: 130 },
  hr: { unit: 'words', perMinute: 130 },
  sk: { unit: 'words', perMinute: 130 },
  ta: { unit: 'words', perMinute: 110 },
  vi: { unit: 'words', perMinute: 170 },
});

/** Rate used for a language not in {@link SPEECH_RATES}. */
export const DEFAULT_SPEECH_RATE: SpeechRate = Object.freeze({ unit: 'words', perMinute: 150 });

/** Length of a scene without speech, and the shortest scene with speech, in seconds. */
export const SILENT_SCENE_SECONDS = 3;
export const MIN_SCENE_SECONDS = 1.5;

/**
 * Primary language subtag, lower case; `en` when there is none.
 *
 * @example primaryLanguage('ZH_cn') // 'zh'
 */
export function primaryLanguage(language: string | undefined): string {
  return (language ?? 'en').trim().toLowerCase().split(/[-_]/)[0] || 'en';
}

const SPEECH_CHARACTER = /[\p{L}\p{N}]/u;
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Estimated seconds the speech of `text` lasts in `language` (`en-US` or `ko`), rounded to 0.1 s. Empty
 * speech gives {@link SILENT_SCENE_SECONDS}; any speech at least {@link MIN_SCENE_SECONDS}.
 *
 * @example estimateSceneDuration('Hello and welcome to our product tour.', 'en-US') // 2.8 (7 words at 150/min)
 */
export function estimateSceneDuration(text: string, language?: string): number {
  const speech = spokenText(text);
  const rate = SPEECH_RATES[primaryLanguage(language)] ?? DEFAULT_SPEECH_RATE;
  let count = 0;
  if (rate.unit === 'characters') {
    // Count CJK characters one by one and any Latin words or numbers among them as one each.
    for (const char of speech) if (CJK_CHARACTER.test(char)) count++;
    const words = speech.replace(new RegExp(CJK_CHARACTER.source, 'gu'), ' ').split(/\s+/);
    count += words.filter((word) => SPEECH_CHARACTER.test(word)).length;
  } else {
    count = speech.split(/\s+/).filter((word) => SPEECH_CHARACTER.test(word)).length;
  }
  if (count === 0) return SILENT_SCENE_SECONDS;
  return Math.max(MIN_SCENE_SECONDS, Math.round((count / rate.perMinute) * 600) / 10);
}
