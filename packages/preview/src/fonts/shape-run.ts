/**
 * Shapes text runs with fontkit and returns them as SVG outlines, which resvg only has to fill: resvg's own
 * shaping misplaces the vowel signs of Indic scripts, and it re-reads its fonts on every render while
 * fontkit keeps each font open. The widths lines are broken at come from HarfBuzz (`text-shaper.ts`).
 */
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type { FontFace } from './read-font-faces.js';

let fontkit: typeof Fontkit | undefined;

/**
 * fontkit, loaded at the first text drawn (loading it costs ~0.1 s of CPU), as CommonJS: the same code as its
 * ES module in about two thirds of the CPU, since as an ES module it and its dependencies go through Node's
 * module loader file by file.
 */
function loadFontkit(): typeof Fontkit {
  fontkit ??= createRequire(import.meta.url)('fontkit') as typeof Fontkit;
  return fontkit;
}

export interface ShapedRun {
  /** Advance width in the units of the font size. */
  readonly width: number;
  /** SVG path data of the outlines, origin at the start of the baseline. */
  readonly d: string;
  /** Glyphs that came out as .notdef (an empty box, "tofu"): 0 when every character is drawn. */
  readonly notdef: number;
}

const fonts = new Map<string, Fontkit.Font | undefined>();

function openFace(face: FontFace): Fontkit.Font | undefined {
  const key = `${face.path}#${face.index}`;
  if (fonts.has(key)) return fonts.get(key);
  let font: Fontkit.Font | undefined;
  try {
    const opened = loadFontkit().openSync(face.path);
    font = 'fonts' in opened ? opened.fonts[face.index] : opened;
  } catch {
    font = undefined;
  }
  fonts.set(key, font);
  return font;
}

/**
 * Shapes `text` with `face` at `fontSize`; undefined when fontkit cannot read the font. An `rtl` run comes
 * back in visual order (its first glyph is drawn leftmost).
 */
export function shapeRun(
  face: FontFace,
  text: string,
  fontSize: number,
  direction?: 'ltr' | 'rtl',
): ShapedRun | undefined {
  const font = openFace(face);
  if (!font) return undefined;
  try {
    const run = font.layout(text, undefined, undefined, undefined, direction);
    const scale = fontSize / font.unitsPerEm;
    let x = 0;
    let d = '';
    let notdef = 0;
    run.glyphs.forEach((glyph, i) => {
      if (glyph.id === 0) notdef++;
      const position = run.positions[i];
      if (!position) return;
      const outline = glyph.path.scale(scale, -scale);
      d += outline.translate(x + position.xOffset * scale, -position.yOffset * scale).toSVG();
      x += position.xAdvance * scale;
    });
    return { width: x, d, notdef };
  } catch {
    return undefined;
  }
}
