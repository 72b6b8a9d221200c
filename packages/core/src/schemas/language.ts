import { z } from 'zod';

/** The 30 language codes the service allows for dubbing (`original`, `target_N`). */
export const LANGUAGE_CODES = [
  'en-US',
  'hi-IN',
  'pt-PT',
  'zh-CN',
  'es-ES',
  'fr-FR',
  'de-DE',
  'ja-JP',
  'ar-SA',
  'ru-RU',
  'ko-KR',
  'id-ID',
  'it-IT',
  'nl-NL',
  'tr-TR',
  'pl-PL',
  'sv-SE',
  'fil-PH',
  'ms-MY',
  'ro-RO',
  'uk-UA',
  'el-GR',
  'cs-CZ',
  'da-DK',
  'fi-FI',
  'bg-BG',
  'hr-HR',
  'sk-SK',
  'ta-IN',
  'vi-VN',
] as const;

export type LanguageCode = (typeof LANGUAGE_CODES)[number];

/** A dubbing language code, e.g. `'ja-JP'`. */
export const languageCodeSchema = z.enum(LANGUAGE_CODES).describe('Dubbing language code, e.g. en-US');

/** True when `value` is one of the 30 language codes. */
export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}
