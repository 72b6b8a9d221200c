import { isCjkCodePoint } from './is-cjk-character.js';

// DESIGN.md "Geometry": 0.6 em per Latin character, 1 em per CJK character, 1.2 em per line;
// kept in tenths of an em so sums stay integers and each result is rounded once.
const LATIN_TENTHS = 6;
const CJK_TENTHS = 10;
const LINE_TENTHS = 12;

/** The estimated size of a text block in pixels. */
export interface TextBox {
  readonly width: number;
  readonly height: number;
  /** Number of lines (`\n`, `\r\n` or `\r` separate lines; empty text is one line). */
  readonly lineCount: number;
}

/**
 * Estimates the box of `text` at `fontSize` pixels without a font: 0.6 em per Latin character,
 * 1 em per CJK character (see `CJK_RANGES`), 1.2 em line height. The width is the longest
 * line's, the height `lines * 1.2 em`. Real glyph widths vary by font; the legacy converters
 * preserve the centre, so the estimate only moves the box's edges, not its midpoint.
 *
 * @example estimateTextBox('Hello', 48) // { width: 144, height: 57.6, lineCount: 1 }
 * @example estimateTextBox('こんにちは', 48) // { width: 240, height: 57.6, lineCount: 1 }
 */
export function estimateTextBox(text: string, fontSize: number): TextBox {
  let widest = 0;
  let tenths = 0;
  let lineCount = 1;
  // One pass by UTF-16 unit, without a string per line or per character (compile estimates every text clip).
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit === LF || unit === CR) {
      if (unit === CR && text.charCodeAt(index + 1) === LF) index++;
      if (tenths > widest) widest = tenths;
      tenths = 0;
      lineCount++;
      continue;
    }
    // Below the first CJK range (Latin, digits, punctuation: most text) without a code point.
    if (unit < 0x1100) {
      tenths += LATIN_TENTHS;
      continue;
    }
    const code = text.codePointAt(index)!;
    if (code > 0xffff) index++;
    tenths += isCjkCodePoint(code) ? CJK_TENTHS : LATIN_TENTHS;
  }
  if (tenths > widest) widest = tenths;
  return {
    width: (widest * fontSize) / 10,
    height: (lineCount * LINE_TENTHS * fontSize) / 10,
    lineCount,
  };
}

const LF = 0x0a;
const CR = 0x0d;
