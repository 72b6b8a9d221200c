import type { FontCatalog } from '../fonts/font-catalog.js';
import type { FontFace } from '../fonts/read-font-faces.js';
import { shapeRun } from '../fonts/shape-run.js';
import { shapedAdvance } from '../fonts/text-shaper.js';
import { isSimplyShaped, SHAPING_MARGIN_EM, shapedAdvanceBound } from '../fonts/shaped-advance-bound.js';
import { hasRtl, paragraphDirection, visualRuns } from './bidi-order.js';

export interface LayoutTextOptions {
  readonly catalog: FontCatalog;
  /** Installed family to draw with first (see `FontCatalog.resolveFamily`). */
  readonly family: string | undefined;
  readonly fontSize: number;
  readonly weight: number;
  readonly italic: boolean;
  /** Wrap width in the same units as fontSize; Infinity for no wrapping. */
  readonly maxWidth: number;
  readonly lang?: string | undefined;
  /** Only wrap into lines: no outlines are shaped for drawing (the line count and breaks are the same). */
  readonly linesOnly?: boolean;
}

export interface TextRun {
  readonly text: string;
  /** The face drawing the run; undefined when no installed font has these characters. */
  readonly face: FontFace | undefined;
  /** Measured advance of the run, in the units of the font size. */
  readonly width: number;
  /** SVG path data of the run shaped by fontkit, to draw instead of text; absent when fontkit cannot read the font. */
  readonly outline?: string;
  /** Glyphs of the outline that are .notdef (tofu); 0 when every character has a real glyph. */
  readonly notdef?: number;
  /** Shape right to left (Arabic, Hebrew); `text` stays in logical order. */
  readonly rtl?: boolean;
}

export interface TextLine {
  /** Runs in visual order, left to right. */
  readonly runs: readonly TextRun[];
  readonly width: number;
}

export interface TextLayout {
  readonly lines: readonly TextLine[];
  /** Characters that no installed font can draw (they would show as empty boxes). */
  readonly missing: readonly string[];
}

interface Glyph {
  readonly char: string;
  readonly face: FontFace | undefined;
  readonly width: number;
}

const BREAK_ANYWHERE = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/u;
const MARK = /\p{M}/u;

/**
 * Wraps `text` (newlines start paragraphs) into lines `maxWidth` wide, measuring each character with the
 * font that will draw it, and splits each line into runs of one font.
 */
export function layoutText(text: string, options: LayoutTextOptions): TextLayout {
  const missing = new Set<string>();
  const lines: TextLine[] = [];
  forEachParagraph(text, options, missing, (paragraph, glyphs) => {
    const sized = shapeWords(glyphs, options.fontSize, (face, word) => shapedAdvance(face, word));
    const direction = paragraphDirection(paragraph);
    for (const line of wrap(sized, options.maxWidth)) {
      if (options.linesOnly === true) {
        lines.push(toLine(line, direction));
        continue;
      }
      const shaped = shapeLine(toLine(line, direction), options.fontSize);
      // Shaping can still produce .notdef (e.g. a sequence the font cannot form): report it too.
      for (const run of shaped.runs) {
        if (run.notdef) for (const char of run.text) if (!/\s/u.test(char)) missing.add(char);
      }
      lines.push(shaped);
    }
  });
  return { lines, missing: [...missing] };
}

/**
 * As many lines as `layoutText(text, options)` has, or more, without shaping the words of simply shaped
 * scripts: each is wrapped at an upper bound of its shaped width (see shapedAdvanceBound), so no glyph is
 * narrower than it will be drawn. Enough to tell text that fits its box, never a line count to report.
 *
 * @example lineCountBound('Pro plan 2041', options) // 1: fits on one line even at the bound
 */
export function lineCountBound(text: string, options: LayoutTextOptions): number {
  const paragraphs = text.replace(/\r\n?/g, '\n').split('\n');
  if (paragraphs.every((paragraph) => fitsOneLine(paragraph, options))) return paragraphs.length;
  let count = 0;
  forEachParagraph(text, options, undefined, (_, glyphs) => {
    const bounded = shapeWords(glyphs, options.fontSize, shapedAdvanceBound);
    // A paragraph narrower than the box is one line; wrapping would say so too, at more cost.
    count += widthOf(bounded) <= options.maxWidth ? 1 : wrap(bounded, options.maxWidth).length;
  });
  return count;
}

/**
 * True when `paragraph` is simply shaped and fits on one line even with SHAPING_MARGIN_EM added to every
 * character's advance: no word of it can be wider as shaped, so its exact layout is one line. The common case
 * of a short title or caption, told without measuring word by word.
 */
function fitsOneLine(paragraph: string, options: LayoutTextOptions): boolean {
  if (!isSimplyShaped(paragraph)) return false;
  const { catalog, fontSize, maxWidth } = options;
  const request = { family: options.family, weight: options.weight, italic: options.italic, lang: options.lang };
  let width = 0;
  for (const char of paragraph) {
    const cp = char.codePointAt(0) ?? 32;
    const face = catalog.faceFor(cp, request);
    // As measured for wrapping: a character no font has takes half the font size.
    width += ((face ? face.advance(cp) : 0.5) + SHAPING_MARGIN_EM) * fontSize;
    if (width > maxWidth) return false;
  }
  return true;
}

/**
 * Measures the characters of `text` with the fonts that will draw them, a paragraph (between newlines, tabs as
 * spaces) at a time: `each` gets a paragraph's glyphs before the next is measured. `missing` collects the
 * characters no installed font has.
 */
function forEachParagraph(
  text: string,
  options: LayoutTextOptions,
  missing: Set<string> | undefined,
  each: (paragraph: string, glyphs: Glyph[]) => void,
): void {
  const { catalog, fontSize } = options;
  const request = { family: options.family, weight: options.weight, italic: options.italic, lang: options.lang };
  const measure = (char: string, previous: Glyph | undefined): Glyph => {
    const cp = char.codePointAt(0) ?? 32;
    // A combining mark stays with its base character's font when that font has it (no mark is below U+0300).
    if (cp >= 0x300 && previous?.face && MARK.test(char) && previous.face.has(cp)) {
      return { char, face: previous.face, width: previous.face.advance(cp) * fontSize };
    }
    const face = catalog.faceFor(cp, request);
    if (!face && !/\s/u.test(char)) missing?.add(char);
    return { char, face, width: face ? face.advance(cp) * fontSize : fontSize * 0.5 };
  };
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let previous: Glyph | undefined;
    each(
      paragraph,
      Array.from(paragraph.replace(/\t/g, ' '), (char) => (previous = measure(char, previous))),
    );
  }
}

/**
 * Gives the glyphs of each word (one font, between spaces) their share of the word's `advance` (its shaped
 * width in em, or an upper bound of it; `nominal` is the sum of its characters' advances in em), so wrapping
 * uses the width that will be drawn.
 */
function shapeWords(
  glyphs: Glyph[],
  fontSize: number,
  advance: (face: FontFace, word: string, nominal: number) => number | undefined,
): Glyph[] {
  let start = 0;
  for (let i = 0; i <= glyphs.length; i++) {
    if (i < glyphs.length && glyphs[i]?.char !== ' ') continue;
    const word = glyphs.slice(start, i);
    const face = word[0]?.face;
    const text = word.map((glyph) => glyph.char).join('');
    if (face && word.length > 1 && word.every((glyph) => glyph.face === face)) {
      const estimate = word.reduce((sum, glyph) => sum + glyph.width, 0);
      const shaped = advance(face, text, estimate / fontSize);
      if (shaped !== undefined && estimate > 0) {
        for (let j = start; j < i; j++) {
          const glyph = glyphs[j];
          if (glyph) glyphs[j] = { ...glyph, width: (glyph.width * shaped * fontSize) / estimate };
        }
      }
    }
    start = i + 1;
  }
  return glyphs;
}

/** Replaces the estimated width of each run by its shaped width, with its outlines. */
function shapeLine(line: TextLine, fontSize: number): TextLine {
  const runs = line.runs.map((run): TextRun => {
    if (!run.face) return run;
    const shaped = shapeRun(run.face, run.text, fontSize, run.rtl ? 'rtl' : 'ltr');
    return shaped ? { ...run, width: shaped.width, outline: shaped.d, notdef: shaped.notdef } : run;
  });
  return { runs, width: runs.reduce((sum, run) => sum + run.width, 0) };
}

/** Splits glyphs into break units: words with their trailing spaces, single CJK characters. */
function units(glyphs: readonly Glyph[]): Glyph[][] {
  const result: Glyph[][] = [];
  let current: Glyph[] = [];
  let inSpace = false;
  for (const glyph of glyphs) {
    const space = glyph.char === ' ';
    const cjk = BREAK_ANYWHERE.test(glyph.char);
    if ((inSpace && !space) || (cjk && current.length > 0 && !inSpace)) {
      result.push(current);
      current = [];
    }
    current.push(glyph);
    inSpace = space;
    if (cjk) {
      result.push(current);
      current = [];
      inSpace = false;
    }
  }
  if (current.length > 0) result.push(current);
  return result;
}

function widthOf(glyphs: readonly Glyph[], trimEnd = false): number {
  let end = glyphs.length;
  if (trimEnd) while (end > 0 && glyphs[end - 1]?.char === ' ') end--;
  let width = 0;
  for (let i = 0; i < end; i++) width += glyphs[i]?.width ?? 0;
  return width;
}

function wrap(glyphs: readonly Glyph[], maxWidth: number): Glyph[][] {
  if (glyphs.length === 0) return [[]];
  const lines: Glyph[][] = [];
  let line: Glyph[] = [];
  for (const unit of units(glyphs)) {
    if (line.length > 0 && widthOf([...line, ...unit], true) > maxWidth) {
      lines.push(line);
      line = [];
    }
    if (line.length === 0 && widthOf(unit, true) > maxWidth) {
      // A word wider than the box is broken between characters.
      for (const glyph of unit) {
        if (line.length > 0 && widthOf([...line, glyph], true) > maxWidth) {
          lines.push(line);
          line = [];
        }
        line.push(glyph);
      }
      continue;
    }
    line.push(...unit);
  }
  lines.push(line);
  return lines;
}

function toLine(glyphs: readonly Glyph[], direction: 'ltr' | 'rtl'): TextLine {
  let end = glyphs.length;
  while (end > 0 && glyphs[end - 1]?.char === ' ') end--;
  const kept = glyphs.slice(0, end);
  if (hasRtl(kept.map((glyph) => glyph.char).join(''))) return bidiLine(kept, direction);
  const runs: TextRun[] = [];
  let text = '';
  let width = 0;
  let face: FontFace | undefined;
  kept.forEach((glyph, i) => {
    // Spaces join the current run so a run change never happens on a space.
    const glyphFace = glyph.char === ' ' && i > 0 ? face : glyph.face;
    if (i > 0 && glyphFace !== face) {
      runs.push({ text, face, width });
      text = '';
      width = 0;
    }
    face = glyphFace;
    text += glyph.char;
    width += glyph.width;
  });
  if (text) runs.push({ text, face, width });
  return { runs, width: widthOf(kept) };
}

/** A line with right-to-left text: runs of one face and one direction, in visual order. */
function bidiLine(glyphs: readonly Glyph[], direction: 'ltr' | 'rtl'): TextLine {
  // A space is drawn with the face before it, as in toLine.
  let face: FontFace | undefined;
  const faced = glyphs.map((glyph, i) => {
    face = glyph.char === ' ' && i > 0 ? face : glyph.face;
    return { ...glyph, face };
  });
  const runs = visualRuns(faced, (glyph) => glyph.face, direction).map(
    ({ items, rtl }): TextRun => ({
      text: items.map((glyph) => glyph.char).join(''),
      face: items[0]?.face,
      width: widthOf(items),
      ...(rtl ? { rtl } : {}),
    }),
  );
  return { runs, width: widthOf(glyphs) };
}
