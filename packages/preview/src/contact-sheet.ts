import type { DrawnPayload } from './draw-scenes.js';
import { svgToPng } from './draw-scenes.js';
import { loadFontCatalog } from './fonts/font-catalog.js';
import { labelSvg, labelWidth } from './svg/text-lines.js';

/** Width of one landscape thumbnail (portrait thumbnails are as tall) in the contact sheet. */
export const CONTACT_SHEET_THUMB = 480;

/** One label of the contact sheet's header: `x` from the left margin, `y` its baseline. */
export interface HeaderLabel {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
}

/**
 * The header's labels: name and summary on one line at 24 px when they fit in `width`; otherwise
 * the name on a line of its own, at the largest size down to 16 px that fits, and the summary
 * below it. Only a name too long even at 16 px is cut, with an ellipsis.
 *
 * @example contactSheetHeader('Hello, vsynth', '1 scene · about 5.6 s', 480, measure).labels.length // 2
 */
export function contactSheetHeader(
  name: string,
  summary: string,
  width: number,
  measure: (text: string, size: number) => number,
): { labels: HeaderLabel[]; height: number } {
  if (name === '') return { labels: [{ text: summary, x: 0, y: 38, size: 24 }], height: 56 };
  const rest = ` · ${summary}`;
  const nameWidth = measure(name, 24);
  if (nameWidth + measure(rest, 24) <= width) {
    return {
      labels: [
        { text: name, x: 0, y: 38, size: 24 },
        { text: rest, x: nameWidth, y: 38, size: 24 },
      ],
      height: 56,
    };
  }
  const size = [24, 22, 20, 18, 16].find((candidate) => measure(name, candidate) <= width) ?? 16;
  let chars = [...name];
  let shown = name;
  while (chars.length > 0 && measure(shown, size) > width) {
    chars = chars.slice(0, -1);
    shown = `${chars.join('').trimEnd()}…`;
  }
  return {
    labels: [
      { text: shown, x: 0, y: 34, size },
      { text: summary, x: 0, y: 66, size: 20 },
    ],
    height: 82,
  };
}

/**
 * One PNG showing every drawn scene as a thumbnail labelled with its index and estimated duration, and the
 * total at the top.
 *
 * @example writeFileSync('contact-sheet.png', contactSheet(await drawScenes(payload, { scale: 0.25 })))
 */
export function contactSheet(drawn: DrawnPayload): Buffer {
  const landscape = drawn.canvas.width >= drawn.canvas.height;
  const thumbW = landscape
    ? CONTACT_SHEET_THUMB
    : Math.round((CONTACT_SHEET_THUMB * drawn.canvas.width) / drawn.canvas.height);
  const thumbH = Math.round((thumbW * drawn.canvas.height) / drawn.canvas.width);
  const count = Math.max(1, drawn.scenes.length);
  const columns = Math.min(count, landscape ? 4 : 6);
  const rows = Math.ceil(count / columns);
  const gap = 16;
  const labelH = 34;
  const width = gap + columns * (thumbW + gap);
  const catalog = loadFontCatalog();
  const total = drawn.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  const summary = `${drawn.scenes.length} scene${drawn.scenes.length === 1 ? '' : 's'} · about ${total.toFixed(1)} s`;
  const header = contactSheetHeader(drawn.name ?? '', summary, width - 2 * gap, (value, size) =>
    labelWidth(value, catalog, size, 700),
  );
  const headerH = header.height;
  const height = headerH + rows * (thumbH + labelH + gap) + gap;
  const fontFiles = new Set<string>();
  const text = (value: string, x: number, y: number, size: number, fill: string, weight = 400): string =>
    labelSvg(value, { catalog, x, y, size, fill, anchor: 'start', weight, fontFiles });
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#20232a"/>`,
    // Name and summary are separate labels, so a right-to-left name does not pull the numbers after it
    // into its direction.
    ...header.labels.map((label) => text(label.text, gap + label.x, label.y, label.size, '#ffffff', 700)),
  ];
  drawn.scenes.forEach((scene, i) => {
    const x = gap + (i % columns) * (thumbW + gap);
    const y = headerH + Math.floor(i / columns) * (thumbH + labelH + gap);
    parts.push(
      `<image x="${x}" y="${y}" width="${thumbW}" height="${thumbH}" preserveAspectRatio="none"` +
        ` href="data:image/png;base64,${scene.png.toString('base64')}"/>`,
      `<rect x="${x}" y="${y}" width="${thumbW}" height="${thumbH}" fill="none" stroke="#3b4050"/>`,
      text(`#${scene.index}`, x, y + thumbH + 25, 20, '#ffffff', 700),
      text(`${scene.durationSeconds.toFixed(1)} s`, x + 64, y + thumbH + 25, 20, '#c8cbd2'),
    );
  });
  parts.push('</svg>');
  return svgToPng(parts.join('\n'), { fontFiles: [...fontFiles], defaultFamily: catalog.defaultFamily });
}
