import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '../schemas/language.js';
import { primaryLanguage } from './estimate-scene-duration.js';
import { dominantWritingSystem, LANGUAGE_WRITING_SYSTEMS, writingSystemMismatch } from './writing-system.js';

describe('writing systems of speech', () => {
  it('finds the system most letters are in, ignoring tags, digits and punctuation', () => {
    expect(dominantWritingSystem('<p>Hello 世界</p>')).toBe('Latin');
    expect(dominantWritingSystem('製品ツアーへようこそ vsynth')).toBe('kana');
    expect(dominantWritingSystem('안녕하세요 vsynth 데모입니다')).toBe('Hangul');
    expect(dominantWritingSystem('مرحبا بكم')).toBe('Arabic');
    expect(dominantWritingSystem('123 !?')).toBeUndefined();
  });

  it('names Latin text for a ja or ko avatar and Hangul for an en avatar', () => {
    expect(writingSystemMismatch('Welcome to our tour', 'ja')).toEqual({ written: 'Latin', expected: ['kana', 'Han'] });
    expect(writingSystemMismatch('Welcome to our tour', 'ko-KR')).toEqual({
      written: 'Latin',
      expected: ['Hangul', 'Han'],
    });
    expect(writingSystemMismatch('안녕하세요', 'en')).toEqual({ written: 'Hangul', expected: ['Latin'] });
    expect(writingSystemMismatch('Привет', 'de-DE')).toEqual({ written: 'Cyrillic', expected: ['Latin'] });
  });

  it('accepts matching scripts, brand names in Latin among them, kanji-only Japanese and text without letters', () => {
    expect(writingSystemMismatch('新製品発表', 'ja')).toBeUndefined();
    expect(writingSystemMismatch('안녕하세요, vsynth 데모에 오신 것을 환영합니다', 'ko')).toBeUndefined();
    expect(writingSystemMismatch('Hello there', 'en-US')).toBeUndefined();
    expect(writingSystemMismatch('2024', 'ja')).toBeUndefined();
    expect(writingSystemMismatch('Hello', 'xx')).toBeUndefined();
    expect(writingSystemMismatch('Hello', undefined)).toBeUndefined();
  });

  it('knows the writing system of every dubbing language', () => {
    for (const code of LANGUAGE_CODES) expect(LANGUAGE_WRITING_SYSTEMS[primaryLanguage(code)], code).toBeDefined();
  });
});
