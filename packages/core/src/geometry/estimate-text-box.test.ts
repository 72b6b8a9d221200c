import { describe, expect, it } from 'vitest';
import { estimateTextBox } from './estimate-text-box.js';
import { isCjkCharacter } from './is-cjk-character.js';

describe('estimateTextBox', () => {
  it('counts 0.6 em per Latin character and 1.2 em per line', () => {
    expect(estimateTextBox('Hello', 48)).toEqual({ width: 144, height: 57.6, lineCount: 1 });
    expect(estimateTextBox('Spring sale!', 100)).toEqual({ width: 720, height: 120, lineCount: 1 });
  });

  it('counts 1 em per CJK character: Han, Hiragana, Katakana, Hangul and fullwidth', () => {
    expect(estimateTextBox('こんにちは', 48).width).toBe(240);
    expect(estimateTextBox('漢字カナ한글', 48).width).toBe(288);
    expect(estimateTextBox('ＡＢ！', 50).width).toBe(150);
    // 'AI ' is 1.8 em, '동영상' 3 em
    expect(estimateTextBox('AI 동영상', 48).width).toBe(230.4);
  });

  it('counts code points, not UTF-16 units, for characters outside the BMP', () => {
    expect(estimateTextBox('𠀀𠀁', 10).width).toBe(20); // CJK Extension B
    expect(estimateTextBox('😀', 10).width).toBe(6);
  });

  it('sizes multi-line text as the longest line times the number of lines', () => {
    expect(estimateTextBox('ab\n漢字漢字', 48)).toEqual({ width: 192, height: 115.2, lineCount: 2 });
    expect(estimateTextBox('one\r\ntwo\rthree', 10)).toEqual({ width: 30, height: 36, lineCount: 3 });
  });

  it('gives empty text one line of zero width', () => {
    expect(estimateTextBox('', 48)).toEqual({ width: 0, height: 57.6, lineCount: 1 });
  });
});

describe('isCjkCharacter', () => {
  it('tells CJK from Latin and halfwidth forms', () => {
    for (const c of ['漢', '々', 'あ', 'ア', 'ㇰ', '한', 'ㄱ', 'Ａ', '。', '「', '𠀀', '豈']) expect(isCjkCharacter(c), c).toBe(true);
    for (const c of ['a', 'Z', '1', ' ', 'é', 'Ж', 'ｱ', 'ﾞ', '😀', '']) expect(isCjkCharacter(c), c).toBe(false);
  });
});
