import type { FontCatalog } from '../fonts/font-catalog.js';
import { layoutText, type TextLayout, type TextLine } from '../text/layout-text.js';
import { escapeXml } from './escape-xml.js';

export type TextAnchor = 'start' | 'middle' | 'end';

export interface TextLinesOptions {
  readonly x: number;
  /** Baseline of the first line. */
  readonly y: number;
  readonly size: number;
  readonly lineHeight: number;
  readonly anchor: TextAnchor;
  /** Paint attributes of every run, e.g. `fill="#fff"`. */
  readonly attributes: string;
  /** Collects the font files of runs left to resvg (fontkit could not read their face). */
  readonly fontFiles: Set<string>;
  /** Slant upright faces (the text asks for italic). */
  readonly italic?: boolean;
  /** Draw a line under each line of text. */
  readonly underline?: boolean;
}

const f = (value: number): string => String(Math.round(value * 100) / 100);

/**
 * Draws laid-out lines as SVG: each run is its fontkit outline at its measured offset, placed left to right
 * in visual order, so resvg only fills shapes.
 */
export function textLines(lines: readonly TextLine[], options: TextLinesOptions): string {
  // A run fontkit could not read falls back to a <text> of its own (resvg 2.6 drops a whole
  // <text> whose tspans switch from some complex-script fonts to another font).
  return lines
    .map((line, i) => {
      const baseline = options.y + i * options.lineHeight;
      const y = f(baseline);
      const shift = options.anchor === 'middle' ? line.width / 2 : options.anchor === 'end' ? line.width : 0;
      const start = options.x - shift;
      let x = start;
      const runs = line.runs.map((run) => {
        const at = x;
        x += run.width;
        if (run.outline !== undefined) {
          // Synthetic oblique when italic is asked for and the face drawing the run is upright.
          const slant = options.italic && run.face && !run.face.italic ? ' skewX(-12)' : '';
          return `<path transform="translate(${f(at)} ${y})${slant}" d="${run.outline}" ${options.attributes}/>`;
        }
        if (run.face) options.fontFiles.add(run.face.path);
        // The face's own weight and style, so resvg selects exactly the measured face.
        const face = run.face
          ? ` font-family="${escapeXml(quoteFamily(run.face.family))}" font-weight="${run.face.weight}"` +
            ` font-style="${run.face.italic ? 'italic' : 'normal'}"`
          : '';
        const font = `font-size="${f(options.size)}" ${options.attributes}${face}`;
        return `<text xml:space="preserve" x="${f(at)}" y="${y}" ${font}>${escapeXml(run.text)}</text>`;
      });
      if (options.underline && line.width > 0) {
        const thickness = f(Math.max(1, options.size * 0.05));
        const top = f(baseline + options.size * 0.1);
        const width = f(line.width);
        runs.push(`<rect x="${f(start)}" y="${top}" width="${width}" height="${thickness}" ${options.attributes}/>`);
      }
      return runs.join('');
    })
    .join('');
}

export interface LabelOptions {
  readonly catalog: FontCatalog;
  readonly x: number;
  /** Baseline. */
  readonly y: number;
  readonly size: number;
  readonly fill: string;
  readonly anchor?: TextAnchor;
  /** Default 400. */
  readonly weight?: number;
  readonly fontFiles: Set<string>;
}

/** One line of text in the catalog's default family: labels, placeholders, the contact sheet. */
export function labelSvg(text: string, options: LabelOptions): string {
  const layout = labelLayout(text, options.catalog, options.size, options.weight ?? 400);
  return textLines(layout.lines, {
    x: options.x,
    y: options.y,
    size: options.size,
    lineHeight: options.size * 1.2,
    anchor: options.anchor ?? 'middle',
    attributes: `fill="${escapeXml(options.fill)}"`,
    fontFiles: options.fontFiles,
  });
}

/** Width of one line of text in the catalog's default family, as {@link labelSvg} draws it. */
export function labelWidth(text: string, catalog: FontCatalog, size: number, weight = 400): number {
  return labelLayout(text, catalog, size, weight).lines[0]?.width ?? 0;
}

function labelLayout(text: string, catalog: FontCatalog, fontSize: number, weight: number): TextLayout {
  const family = catalog.defaultFamily;
  return layoutText(text, { catalog, family, fontSize, weight, italic: false, maxWidth: Infinity });
}

function quoteFamily(family: string): string {
  return `'${family.replace(/'/g, '')}'`;
}
