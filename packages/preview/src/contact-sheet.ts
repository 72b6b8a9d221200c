import type { DrawnPayload } from './draw-scenes.js';
import { svgToPng } from './draw-scenes.js';
import { loadFontCatalog } from './fonts/font-catalog.js';
import { labelSvg, labelWidth } from './svg/text-lines.js';

/** Width of one landscape thumbnail (portrait thumbnails are as tall) in the contact sheet. */
export const CONTACT_SHEET_THUMB = 480;

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
  const headerH = 56;
  const width = gap + columns * (thumbW + gap);
  const height = headerH + rows * (thumbH + labelH + gap) + gap;
  const catalog = loadFontCatalog();
  const fontFiles = new Set<string>();
  const text = (value: string, x: number, y: number, size: number, fill: string, weight = 400): string =>
    labelSvg(value, { catalog, x, y, size, fill, anchor: 'start', weight, fontFiles });
  const total = drawn.scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0);
  // Name and summary are two labels, so a right-to-left name does not pull the numbers after it into its
  // direction; a long name is cut so the summary stays on the sheet.
  const summary = `${drawn.scenes.length} scene${drawn.scenes.length === 1 ? '' : 's'} · about ${total.toFixed(1)} s`;
  let chars = drawn.name ? [...drawn.name] : [];
  let name = chars.join('');
  const rest = chars.length > 0 ? ` · ${summary}` : summary;
  const restWidth = labelWidth(rest, catalog, 24, 700);
  while (chars.length > 0 && labelWidth(name, catalog, 24, 700) + restWidth > width - 2 * gap) {
    chars = chars.slice(0, -1);
    name = `${chars.join('').trimEnd()}…`;
  }
  const nameWidth = name === '' ? 0 : labelWidth(name, catalog, 24, 700);
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#20232a"/>`,
    name === '' ? '' : text(name, gap, 38, 24, '#ffffff', 700),
    text(rest, gap + nameWidth, 38, 24, '#ffffff', 700),
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
