/**
 * The shaped width of a word, measured with HarfBuzz (harfbuzzjs, WebAssembly): the engine browsers and most
 * renderers shape with. It loads in ~15 ms and shapes a word in tens of µs, where fontkit takes ~0.1 s to
 * load and ~0.5 ms a word; fontkit still draws the glyphs' outlines. HarfBuzz loads asynchronously, so the
 * functions that measure text need `loadTextShaper()` to have resolved.
 */
import { readFileSync } from 'node:fs';
import type { FontFace } from './read-font-faces.js';

type HarfBuzz = typeof import('harfbuzzjs');

interface ShapingFont {
  readonly font: InstanceType<HarfBuzz['Font']>;
  readonly unitsPerEm: number;
}

let loading: Promise<void> | undefined;
let harfbuzz: HarfBuzz | undefined;
/** Reused for every word: a buffer is cleared, not made anew. */
let buffer: InstanceType<HarfBuzz['Buffer']> | undefined;
const fonts = new Map<string, ShapingFont | undefined>();

/**
 * Loads HarfBuzz, once per thread; text layout and `findTextOverflow` need it. The preview's drawing loads
 * it by itself.
 *
 * @example await loadTextShaper(); findTextOverflow(payload)
 */
export function loadTextShaper(): Promise<void> {
  loading ??= import('harfbuzzjs').then((loaded) => {
    harfbuzz = loaded;
  });
  return loading;
}

/**
 * The advance of `text` shaped with `face`, in em; undefined when HarfBuzz cannot read the font.
 *
 * @example await loadTextShaper(); harfbuzzAdvance(face, 'Hello') // 2.71
 */
export function harfbuzzAdvance(face: FontFace, text: string): number | undefined {
  if (harfbuzz === undefined) {
    throw new Error(
      'Text is measured with HarfBuzz, which loads asynchronously: `await loadTextShaper()` (from @vsynth/preview) before measuring or laying out text.',
    );
  }
  const shaping = shapingFont(harfbuzz, face);
  if (shaping === undefined) return undefined;
  buffer ??= new harfbuzz.Buffer();
  buffer.clearContents();
  buffer.addText(text);
  buffer.guessSegmentProperties();
  harfbuzz.shape(shaping.font, buffer);
  let width = 0;
  for (const position of buffer.getGlyphPositions()) width += position.xAdvance;
  return width / shaping.unitsPerEm;
}

const advances = new Map<string, number | undefined>();
/** Enough for every distinct word of a large batch's texts; past it the cache starts again. */
const ADVANCE_CACHE_SIZE = 100_000;

/**
 * `harfbuzzAdvance`, kept per face and text: a batch measures the same words row after row.
 */
export function shapedAdvance(face: FontFace, text: string): number | undefined {
  const key = `${face.path}#${face.index}\u0000${text}`;
  if (advances.has(key)) return advances.get(key);
  const advance = harfbuzzAdvance(face, text);
  if (advances.size >= ADVANCE_CACHE_SIZE) advances.clear();
  advances.set(key, advance);
  return advance;
}

function shapingFont(hb: HarfBuzz, face: FontFace): ShapingFont | undefined {
  const key = `${face.path}#${face.index}`;
  if (fonts.has(key)) return fonts.get(key);
  let shaping: ShapingFont | undefined;
  try {
    const hbFace = new hb.Face(new hb.Blob(readFileSync(face.path)), face.index);
    // A file HarfBuzz cannot parse gives an empty face, which would shape every character as an empty glyph.
    const readable = hbFace.referenceTable('head') !== undefined;
    shaping = readable ? { font: new hb.Font(hbFace), unitsPerEm: hbFace.upem } : undefined;
  } catch {
    shaping = undefined;
  }
  fonts.set(key, shaping);
  return shaping;
}
