import { displayedBox, issue, type Issue, type PathSegment } from '@vsynth/core/reading';
import { loadFontCatalog, type FontCatalog, type FontCatalogOptions } from '../fonts/font-catalog.js';
import { sceneLang } from '../payload/scene-speech.js';
import { layoutText, lineCountBound, type LayoutTextOptions } from './layout-text.js';
import { fontWeight } from './font-weight.js';

/** Line height in em, as fabric.js spaces text lines. */
export const LINE_HEIGHT = 1.16;

/** A text clip's box: `natural` in the clip's own units (its `width`/`height`), `shown` on the canvas. */
export interface TextBox {
  readonly naturalHeight: number;
  readonly shownHeight: number;
}

/**
 * The warning for text of `lines` lines at `fontSize` that needs more height than its box, in canvas pixels,
 * or undefined when it fits: the service grows a text box downwards for extra lines, so they run into
 * whatever is below it. Text wider than the box wraps (a word longer than the box breaks inside it), so width
 * shows as lines.
 */
export function textOverflowMessage(lines: number, fontSize: number, box: TextBox): string | undefined {
  const needed = lines * fontSize * LINE_HEIGHT;
  if (needed <= box.naturalHeight + 0.5) return undefined;
  const scale = box.shownHeight / box.naturalHeight;
  const px = (n: number): number => Math.round(n);
  return (
    `text needs ${lines} line${lines === 1 ? '' : 's'}, ${px(needed * scale)} px high, in a box ` +
    `${px(box.shownHeight)} px high: ${px((needed - box.naturalHeight) * scale)} px run past its bottom; enlarge ` +
    'the box, shorten the text or lower fontSize'
  );
}

export interface FindTextOverflowOptions extends FontCatalogOptions {
  /** A catalog already loaded (else one is loaded once per process and option set). */
  readonly catalog?: FontCatalog;
}

type Json = Record<string, unknown>;

/** Line counts by layout (font, size, width, language, exact or bound), then by text. */
interface LineCounts {
  readonly byLayout: Map<string, Map<string, number>>;
  size: number;
}
const lineCounts = new WeakMap<FontCatalog, LineCounts>();
/** Enough for the distinct texts of a large batch; past it the cache starts again. */
const LINE_COUNT_CACHE_SIZE = 50_000;

/**
 * The lines `text` wraps into, or with `bound` as many or more (see lineCountBound); kept per catalog, since a
 * batch measures the same unchanged clips in every row.
 */
function lineCount(text: string, options: LayoutTextOptions, bound: boolean): number {
  let counts = lineCounts.get(options.catalog);
  if (counts === undefined) lineCounts.set(options.catalog, (counts = { byLayout: new Map(), size: 0 }));
  const { family, fontSize, weight, italic, maxWidth, lang } = options;
  const layoutKey = `${family}\u0000${fontSize}\u0000${weight}\u0000${italic}\u0000${maxWidth}\u0000${lang}\u0000${bound}`;
  let byText = counts.byLayout.get(layoutKey);
  if (byText === undefined) counts.byLayout.set(layoutKey, (byText = new Map()));
  const known = byText.get(text);
  if (known !== undefined) return known;
  const lines = bound ? lineCountBound(text, options) : layoutText(text, options).lines.length;
  if (counts.size >= LINE_COUNT_CACHE_SIZE) {
    counts.byLayout.clear();
    counts.byLayout.set(layoutKey, byText);
    byText.clear();
    counts.size = 0;
  }
  byText.set(text, lines);
  counts.size++;
  return lines;
}

/**
 * Lays out each text clip of a v3 payload with the preview's fonts and line breaking, without drawing, and
 * returns a `layout` warning at `scenes[s].clips[c].text` for each that needs more height than its box.
 * Needs `loadTextShaper()` to have resolved.
 *
 * @example
 * await loadTextShaper();
 * findTextOverflow(payload); // [{ code: 'layout', message: 'text needs 6 lines, 390 px high, …' }]
 */
export function findTextOverflow(payload: unknown, options: FindTextOverflowOptions = {}): Issue[] {
  const found: Issue[] = [];
  const scenes = (payload as Json | null)?.['scenes'];
  if (!Array.isArray(scenes)) return found;
  const catalog = options.catalog ?? loadFontCatalog(options);
  for (const [s, scene] of scenes.entries()) {
    const clips = (scene as Json | null)?.['clips'];
    if (!Array.isArray(clips)) continue;
    let lang: string | undefined;
    for (const [c, raw] of clips.entries()) {
      const clip = raw as Json;
      if (clip?.['type'] !== 'textImage' || typeof clip['text'] !== 'string') continue;
      const text = clip['text'];
      const path: PathSegment[] = ['scenes', s, 'clips', c];
      let box;
      try {
        box = displayedBox(clip as never, { path });
      } catch {
        continue; // core's validation reports the unreadable number
      }
      const fontSize = typeof clip['fontSize'] === 'number' ? clip['fontSize'] : 48;
      const naturalWidth = typeof clip['width'] === 'number' ? clip['width'] : box.width;
      const naturalHeight = typeof clip['height'] === 'number' ? clip['height'] : box.height;
      if (naturalWidth <= 0 || naturalHeight <= 0) continue;
      const requested = typeof clip['fontFamily'] === 'string' ? clip['fontFamily'] : 'Noto Sans CJK';
      lang ??= sceneLang(scene);
      const layout: LayoutTextOptions = {
        catalog,
        family: catalog.resolveFamily(requested, lang) ?? catalog.defaultFamily,
        fontSize,
        weight: fontWeight(clip['fontWeight']),
        italic: clip['fontStyle'] === 'italic' || clip['fontStyle'] === 'oblique',
        maxWidth: naturalWidth,
        lang,
        linesOnly: true,
      };
      const textBox = { naturalHeight, shownHeight: box.height };
      const overflow = (bound: boolean): string | undefined =>
        textOverflowMessage(lineCount(text, layout, bound), fontSize, textBox);
      // Text that fits even with its words at an upper bound of their width fits as drawn: most rows of a batch
      // are told so without shaping their new words. The rest, and every warning's numbers, are measured exactly.
      const message = overflow(true) === undefined ? undefined : overflow(false);
      if (message !== undefined)
        found.push(issue({ code: 'layout', severity: 'warning', message, path: [...path, 'text'] }));
    }
  }
  return found;
}
