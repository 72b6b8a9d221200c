import { describe, expect, it } from 'vitest';
import {
  estimateSceneDuration,
  MIN_SCENE_SECONDS,
  primaryLanguage,
  SILENT_SCENE_SECONDS,
  SPEECH_RATES,
} from './estimate-scene-duration.js';

describe('estimateSceneDuration', () => {
  it('counts words at the language rate', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    expect(estimateSceneDuration(thirty, 'en-US')).toBe(12); // 30 / 150 per minute
    expect(estimateSceneDuration(thirty, 'de-DE')).toBe(13.8); // 30 / 130
    expect(estimateSceneDuration(thirty, 'fi')).toBe(16.4); // 30 / 110
  });

  it('counts characters for Chinese, Japanese and Korean', () => {
    expect(estimateSceneDuration('欢迎参加我们的产品导览欢迎参加我们的产品导览', 'zh-CN')).toBe(5.3); // 22 / 250
    expect(estimateSceneDuration('製品ツアーへようこそ製品ツアーへようこそ製品ツアーへようこそ', 'ja-JP')).toBe(5.5); // 30 / 330
    expect(estimateSceneDuration('제품 투어에 오신 것을 환영합니다 제품 투어에 오신 것을 환영합니다', 'ko-KR')).toBe(
      5.6,
    ); // 28 syllables / 300
    // Latin words inside CJK text count once each.
    expect(estimateSceneDuration('我们的 vsynth 产品 demo', 'zh')).toBe(1.7); // (5 + 2) / 250
  });

  it('ignores p/span tags and entities, gives silent scenes a fixed length and short ones a minimum', () => {
    expect(estimateSceneDuration('<p>Hello <span class="x">there</span>&nbsp;&amp;</p>', 'en')).toBe(MIN_SCENE_SECONDS);
    expect(estimateSceneDuration('', 'en')).toBe(SILENT_SCENE_SECONDS);
    expect(estimateSceneDuration('<p> </p>', 'en')).toBe(SILENT_SCENE_SECONDS);
  });

  it('uses 150 words per minute for a language it has no rate for', () => {
    expect(estimateSceneDuration(Array(15).fill('kala').join(' '), 'xx')).toBe(6);
  });

  it('has a rate for every dubbing language', async () => {
    const { LANGUAGE_CODES } = await import('../schemas/language.js');
    for (const code of LANGUAGE_CODES) expect(SPEECH_RATES[primaryLanguage(code)], code).toBeDefined();
  });

  it('times the speech, not the markup, and reads the primary language subtag', () => {
    expect(estimateSceneDuration('<p>one two</p><p>three four</p>', 'en')).toBe(
      estimateSceneDuration('one two three four', 'en'),
    );
    expect(primaryLanguage('FIL_ph')).toBe('fil');
  });
});
