import { isCjkCodePoint } from './is-cjk-character.js';

// Widths in tenths of an em, so sums stay integers and each result is rounded once.
const LATIN_TENTHS = 6;
const CJK_TENTHS = 10;
const LINE_TENTHS = 12;

/** The estimated size of a text block in pixels. */
export interface TextBox {
  readonly width: number;
  readonly height: number;
  /** `\n`, `\r\n` or `\r` separate lines; empty text is one line. */
  readonly lineCount: number;
}

/**
 * Estimates the box of `text` at `fontSize` pixels without a font: 0.6 em per Latin character, 1 em per
 * CJK character, 1.2 em line height. The legacy converters keep the centre, so a font's real widths move
 * only the box's edges.
 *
 * @example estimateTextBox('Hello', 48) // { width: 144, height: 57.6, lineCount: 1 }
 */
export function estimateTextBox(text: string, fontSize: number): TextBox {
  const lines = text.split(/\r\n|\r|\n/);
  let widest = 0;
  for (const line of lines) {
    let tenths = 0;
    for (const char of line) tenths += isCjkCodePoint(char.codePointAt(0)!) ? CJK_TENTHS : LATIN_TENTHS;
    widest = Math.max(widest, tenths);
  }
  return {
    width: (widest * fontSize) / 10,
    height: (lines.length * LINE_TENTHS * fontSize) / 10,
    lineCount: lines.length,
  };
}
