/**
 * Shapes runs of complex scripts (Devanagari, Tamil and the other Indic scripts, Thai, …) with
 * fontkit and returns them as SVG outlines: resvg 2.6's own shaping puts their vowel signs in
 * the wrong place. Latin, Cyrillic, Greek, Arabic and CJK stay SVG text drawn by resvg.
 */
import * as fontkit from 'fontkit';
import type { FontFace } from './read-font-faces.js';

/** Scripts whose text is shaped here: Indic blocks, Sinhala, Thai, Lao, Tibetan, Myanmar, Khmer. */
const COMPLEX_SCRIPT = /[\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff\ua8e0-\ua8ff]/u;

/** True when `text` needs fontkit's shaping to draw correctly. */
export function needsShaping(text: string): boolean {
  return COMPLEX_SCRIPT.test(text);
}

export interface ShapedRun {
  /** Advance width in the units of the font size. */
  readonly width: number;
  /** SVG path data of the outlines, origin at the start of the baseline. */
  readonly d: string;
}

const fonts = new Map<string, fontkit.Font | undefined>();

function openFace(face: FontFace): fontkit.Font | undefined {
  const key = `${face.path}#${face.index}`;
  if (fonts.has(key)) return fonts.get(key);
  let font: fontkit.Font | undefined;
  try {
    const opened = fontkit.openSync(face.path);
    font = 'fonts' in opened ? opened.fonts[face.index] : opened;
  } catch {
    font = undefined;
  }
  fonts.set(key, font);
  return font;
}

/**
 * Shapes `text` with `face` at `fontSize`; undefined when fontkit cannot read the font (the
 * caller then leaves the run to resvg).
 *
 * @example
 * shapeRun(face, 'नमस्ते', 48)?.width // 134.5
 */
export function shapeRun(face: FontFace, text: string, fontSize: number): ShapedRun | undefined {
  const font = openFace(face);
  if (!font) return undefined;
  try {
    const run = font.layout(text);
    const scale = fontSize / font.unitsPerEm;
    let x = 0;
    let d = '';
    run.glyphs.forEach((glyph, i) => {
      const position = run.positions[i];
      if (!position) return;
      d += glyph.path.scale(scale, -scale).translate(x + position.xOffset * scale, -position.yOffset * scale).toSVG();
      x += position.xAdvance * scale;
    });
    return { width: x, d };
  } catch {
    return undefined;
  }
}
