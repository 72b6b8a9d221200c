import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTextBox } from './estimate-text-box.js';
import { CJK_RANGES, isCjkCharacter, isCjkCodePoint } from './is-cjk-character.js';

/** The rule written the plain way: split into lines, walk code points, test the ranges. */
function referenceBox(text: string, fontSize: number): { width: number; height: number; lineCount: number } {
  const lines = text.split(/\r\n|\r|\n/);
  const inRanges = (code: number): boolean => CJK_RANGES.some(([start, end]) => code >= start && code <= end);
  const widest = Math.max(
    ...lines.map((line) => [...line].reduce((sum, c) => sum + (inRanges(c.codePointAt(0)!) ? 10 : 6), 0)),
  );
  return { width: (widest * fontSize) / 10, height: (lines.length * 12 * fontSize) / 10, lineCount: lines.length };
}

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

  it('equals the plain split-and-walk rule for any mix of Latin, CJK, astral, lone surrogates and line breaks', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '\n',
        '\r',
        '\r\n',
        '\n\r',
        'a',
        ' ',
        '漢',
        'ｱ',
        'Ａ',
        '한',
        '\u1100',
        '\u10ff',
        '\uffe6',
        '\uffe7',
        '\ud800',
        '\udc00',
      ),
      fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit)),
      fc.integer({ min: 0x10000, max: 0x10ffff }).map((code) => String.fromCodePoint(code)),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), fc.integer({ min: 1, max: 200 }), (pieces, fontSize) => {
        const text = pieces.join('');
        expect(estimateTextBox(text, fontSize)).toEqual(referenceBox(text, fontSize));
      }),
      { numRuns: 300 },
    );
  });
});

describe('isCjkCharacter', () => {
  it('tells CJK from Latin and halfwidth forms', () => {
    for (const c of ['漢', '々', 'あ', 'ア', 'ㇰ', '한', 'ㄱ', 'Ａ', '。', '「', '𠀀', '豈'])
      expect(isCjkCharacter(c), c).toBe(true);
    for (const c of ['a', 'Z', '1', ' ', 'é', 'Ж', 'ｱ', 'ﾞ', '😀', '']) expect(isCjkCharacter(c), c).toBe(false);
  });

  it('answers for every code point exactly as the ranges say', () => {
    const inside = new Uint8Array(0x110000);
    for (const [start, end] of CJK_RANGES) inside.fill(1, start, end + 1);
    const wrong: string[] = [];
    for (let code = 0; code <= 0x10ffff; code++)
      if (isCjkCodePoint(code) !== (inside[code] === 1)) wrong.push(code.toString(16));
    expect(wrong).toEqual([]);
  });
});
