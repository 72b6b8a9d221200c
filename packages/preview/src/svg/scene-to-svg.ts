import { displayedBox, issue, type Issue, type PathSegment } from '@vsynth/core';
import type { LoadedAsset } from '../assets/load-asset.js';
import type { FontCatalog } from '../fonts/font-catalog.js';
import { loadTextShaper } from '../fonts/text-shaper.js';
import { fontWeight } from '../text/font-weight.js';
import { layoutText } from '../text/layout-text.js';
import { LINE_HEIGHT, textOverflowMessage } from '../text/text-overflow.js';
import { escapeXml } from './escape-xml.js';
import { shapeElement } from './shape-element.js';
import { labelSvg, labelWidth, textLines, type TextAnchor } from './text-lines.js';
import { fontInstallHint } from '../fonts/debian-font-package.js';

export interface SceneToSvgOptions {
  readonly canvas: { readonly width: number; readonly height: number };
  readonly catalog: FontCatalog;
  readonly loadAsset: (ref: string) => Promise<LoadedAsset>;
  /** Payload path of the scene, e.g. `['scenes', 2]`. */
  readonly path: readonly PathSegment[];
  /** Primary language subtag of the scene's speech (decides CJK glyph variants). */
  readonly lang?: string | undefined;
}

export interface SceneSvg {
  readonly svg: string;
  /** Font files the SVG's text uses; give them to resvg. */
  readonly fontFiles: readonly string[];
  readonly warnings: readonly Issue[];
}

type Loose = Record<string, unknown>;

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;
const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const f = (value: number): string => String(Math.round(value * 100) / 100);
const rec = (value: unknown): Loose | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : undefined;

/** An `<image>` filling a `w`×`h` box at the origin. */
function image(w: number | string, h: number | string, fit: string, href: string, extra = ''): string {
  return `<image x="0" y="0" width="${w}" height="${h}" preserveAspectRatio="${fit}" href="${href}"${extra}/>`;
}

/**
 * Draws one v3 scene as a standalone SVG: the background, then the clips in layer order, each in its
 * displayed box, images embedded as data: URLs and text laid out with the fonts it was measured with.
 */
export async function sceneToSvg(scene: unknown, options: SceneToSvgOptions): Promise<SceneSvg> {
  await loadTextShaper();
  const { canvas } = options;
  const warnings: Issue[] = [];
  const fontFiles = new Set<string>();
  const defs: string[] = [];
  const body: string[] = [];
  const warn = (path: readonly PathSegment[], message: string, code: Issue['code'] = 'quirk'): void => {
    warnings.push(issue({ code, severity: 'warning', path: [...path], message }));
  };
  const label = (text: string, x: number, y: number, size: number, fill: string, anchor: TextAnchor = 'middle') =>
    labelSvg(text, { catalog: options.catalog, x, y, size, fill, anchor, fontFiles });
  const placeholder = (w: number, h: number, title: string, detail: string): string => {
    const size = Math.max(10, Math.min(36, h / 6, w / 12));
    return [
      `<rect x="0" y="0" width="${f(w)}" height="${f(h)}" fill="#f4f4f4" stroke="#d0021b"` +
        ` stroke-width="${f(Math.max(2, size / 6))}" stroke-dasharray="${f(size / 2)} ${f(size / 3)}"/>`,
      `<path d="M0,0 L${f(w)},${f(h)} M${f(w)},0 L0,${f(h)}" stroke="#d0021b" stroke-opacity="0.35"` +
        ` stroke-width="${f(Math.max(1, size / 10))}"/>`,
      label(title, w / 2, h / 2 - size * 0.1, size, '#d0021b'),
      label(shorten(detail, Math.max(8, Math.floor(w / (size * 0.45)))), w / 2, h / 2 + size, size * 0.7, '#555555'),
    ].join('');
  };

  const sceneRec = rec(scene) ?? {};
  if (!rec(scene)) {
    const kind = scene === null ? 'null' : Array.isArray(scene) ? 'an array' : `a ${typeof scene}`;
    warn(options.path, `Scene is ${kind}, not an object: drawn as an empty white canvas`, 'invalid_type');
  }
  // Background: colour first, an image over it when there is one.
  const background = rec(sceneRec['background']);
  const colour = str(background?.['source_color']) ?? '#ffffff';
  body.push(`<rect x="0" y="0" width="${canvas.width}" height="${canvas.height}" fill="${escapeXml(colour)}"/>`);
  const backgroundUrl = str(background?.['source_url']);
  if (backgroundUrl && background?.['source_type'] !== 'color') {
    const asset = await options.loadAsset(backgroundUrl);
    if (asset.ok) {
      body.push(image(canvas.width, canvas.height, 'xMidYMid slice', asset.dataUri));
    } else {
      const message = `Background image ${JSON.stringify(backgroundUrl)} not drawn: ${asset.reason}`;
      warn([...options.path, 'background', 'source_url'], message, 'missing');
      // A grey stand-in with a note in the corner, not a cross over the canvas, keeps the clips readable.
      body.push(`<rect x="0" y="0" width="${canvas.width}" height="${canvas.height}" fill="#8a8f98"/>`);
      const note = `missing background: ${shorten(backgroundUrl, Math.floor((canvas.width - 80) / 12))}`;
      const noteWidth = labelWidth(note, options.catalog, 20);
      body.push(
        `<rect x="12" y="12" width="${f(noteWidth + 32)}" height="40" rx="6" fill="#000000" fill-opacity="0.55"` +
          ' stroke="#d0021b" stroke-width="2"/>',
      );
      body.push(label(note, 28, 39, 20, '#ffffff', 'start'));
    }
  }

  const clips = Array.isArray(sceneRec['clips']) ? (sceneRec['clips'] as unknown[]) : [];
  const ordered = clips
    .map((clip, index) => ({ clip: rec(clip) ?? {}, index }))
    .sort((a, b) => (num(a.clip['layer']) ?? 0) - (num(b.clip['layer']) ?? 0) || a.index - b.index);

  for (const { clip, index } of ordered) {
    const path = [...options.path, 'clips', index];
    const type = clip['type'];
    if (type === 'audio') continue;
    if (type === 'aiModel' && (clip['isDelete'] === true || clip['voiceOnly'] === true)) continue;
    let box: { left: number; top: number; width: number; height: number };
    try {
      box = displayedBox(clip as unknown as Parameters<typeof displayedBox>[0], { path });
    } catch (error) {
      warn(path, `Clip not drawn: ${error instanceof Error ? error.message : String(error)}`, 'invalid_value');
      continue;
    }
    if (box.width <= 0 || box.height <= 0) {
      warn(path, `Clip not drawn: its displayed box is ${f(box.width)}x${f(box.height)}`, 'invalid_value');
      continue;
    }
    const naturalW = num(clip['width']) ?? box.width;
    const naturalH = num(clip['height']) ?? box.height;
    const angle = num(clip['angle']) ?? 0;
    const opacity = num(clip['opacity']);
    const alpha = opacity === undefined ? 1 : Math.max(0, Math.min(100, opacity)) / 100;
    // fabric.js semantics: left/top is the top-left corner, rotation turns around it.
    const transform = `translate(${f(box.left)} ${f(box.top)})${angle ? ` rotate(${f(angle)})` : ''}`;
    const open = `<g transform="${transform}"${alpha < 1 ? ` opacity="${f(alpha)}"` : ''}>`;
    const w = box.width;
    const h = box.height;
    const shadow = shadowFilter(clip['shadow'], `shadow-${index}`);
    if (shadow) defs.push(shadow.def);
    const filter = shadow ? ` filter="url(#${shadow.id})"` : '';

    if (type === 'image') {
      const url = str(clip['source_url']);
      const asset = url ? await options.loadAsset(url) : undefined;
      if (asset?.ok) {
        body.push(`${open}${image(f(w), f(h), 'none', asset.dataUri, filter)}</g>`);
      } else {
        const message = url
          ? `Image ${JSON.stringify(url)} not drawn: ${asset?.reason ?? ''}`
          : 'Image clip without source_url';
        warn([...path, 'source_url'], message, 'missing');
        body.push(`${open}${placeholder(w, h, 'missing image', url ?? 'no source_url')}</g>`);
      }
    } else if (type === 'shape') {
      const name = str(clip['shapeName']) ?? 'Square';
      const fill = str(clip['fill']) ?? '#cccccc';
      const stroke = str(clip['stroke']);
      const strokeWidth = num(clip['strokeWidth']) ?? (stroke ? 1 : 0);
      // The stroke scales with the shape, as in fabric.js; the geometry is drawn in natural units.
      const strokeAttributes =
        stroke && strokeWidth > 0 ? ` stroke="${escapeXml(stroke)}" stroke-width="${f(strokeWidth)}"` : '';
      const attributes = `fill="${escapeXml(fill)}"${strokeAttributes}`;
      const cornerRadius = num(clip['strokeRadius']) ?? 0;
      let element = shapeElement(name, { width: naturalW, height: naturalH, attributes, cornerRadius });
      if (!element) {
        const message = `Unknown shapeName ${JSON.stringify(name)}: drawn as a rectangle`;
        warn([...path, 'shapeName'], message, 'invalid_value');
        element = shapeElement('Square', { width: naturalW, height: naturalH, attributes });
      }
      body.push(`${open}<g transform="scale(${f(w / naturalW)} ${f(h / naturalH)})"${filter}>${element ?? ''}</g></g>`);
    } else if (type === 'textImage') {
      const text = drawText(clip, { ...options, path, w, h, naturalW, naturalH, filter, fontFiles, warn });
      body.push(`${open}${text}</g>`);
    } else if (type === 'videoImage') {
      const poster = str(clip['source_url']);
      const asset = poster ? await options.loadAsset(poster) : undefined;
      const parts = [`<rect x="0" y="0" width="${f(w)}" height="${f(h)}" fill="#1f2430"/>`];
      if (asset?.ok) parts.push(image(f(w), f(h), 'xMidYMid meet', asset.dataUri));
      const size = Math.max(10, Math.min(48, h / 5, w / 10));
      const cx = w / 2;
      const cy = h / 2;
      parts.push(
        `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(size)}" fill="#000000" fill-opacity="0.55"/>`,
        `<polygon points="${f(cx - size * 0.35)},${f(cy - size * 0.5)} ${f(cx - size * 0.35)},${f(cy + size * 0.5)}` +
          ` ${f(cx + size * 0.55)},${f(cy)}" fill="#ffffff"/>`,
        `<rect x="0" y="0" width="${f(w)}" height="${f(h)}" fill="none" stroke="#ffffff"` +
          ` stroke-width="${f(Math.max(2, size / 8))}"/>`,
        label(
          `video: ${shorten(fileName(str(clip['video_url']) ?? poster ?? 'no video_url'), 40)}`,
          cx,
          h - size * 0.4,
          size * 0.5,
          '#ffffff',
        ),
      );
      body.push(`${open}${parts.join('')}</g>`);
    } else if (type === 'aiModel') {
      const model = rec(clip['model']);
      const name = [str(model?.['ai_name']), str(model?.['emotion'])].filter(Boolean).join(' / ') || 'avatar';
      const thumb = str(rec(model?.['deployImage'])?.['themb_src']);
      const asset = thumb ? await options.loadAsset(thumb) : undefined;
      if (asset?.ok) {
        body.push(`${open}${image(f(w), f(h), 'xMidYMax meet', asset.dataUri)}</g>`);
      } else {
        if (thumb) {
          const message = `Avatar thumbnail ${JSON.stringify(thumb)} not drawn (${asset?.reason ?? ''}): a silhouette marks its box`;
          warn([...path, 'model', 'deployImage', 'themb_src'], message, 'missing');
        }
        // The name sits at the bottom centre of the part of the box on the canvas (an avatar often reaches
        // past the frame) and fits that part's width.
        const visible = angle
          ? { left: 0, right: w, bottom: h }
          : {
              left: Math.max(0, -box.left),
              right: Math.min(w, canvas.width - box.left),
              bottom: Math.min(h, canvas.height - box.top),
            };
        const span = Math.max(visible.right - visible.left, Math.min(w, 120));
        let size = Math.max(12, Math.min(40, w / 10));
        const nameWidth = labelWidth(name, options.catalog, size);
        if (nameWidth > span * 0.92) size = Math.max(8, (size * span * 0.92) / nameWidth);
        const centre = Math.min(Math.max((visible.left + visible.right) / 2, span / 2), w - span / 2);
        const nameLabel = label(name, centre, Math.max(size * 2, visible.bottom) - size * 0.6, size, '#ffffff');
        body.push(`${open}${silhouette(w, h)}${nameLabel}</g>`);
      }
    } else {
      warn([...path, 'type'], `Clip type ${JSON.stringify(type)} is not drawn`, 'invalid_value');
    }
  }

  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${canvas.width}" height="${canvas.height}"` +
      ` viewBox="0 0 ${canvas.width} ${canvas.height}">`,
    defs.length > 0 ? `<defs>${defs.join('')}</defs>` : '',
    ...body,
    '</svg>',
  ].join('\n');
  return { svg, fontFiles: [...fontFiles], warnings };
}

interface DrawTextContext extends SceneToSvgOptions {
  readonly path: readonly PathSegment[];
  readonly w: number;
  readonly h: number;
  readonly naturalW: number;
  readonly naturalH: number;
  readonly filter: string;
  readonly fontFiles: Set<string>;
  readonly warn: (path: readonly PathSegment[], message: string, code?: Issue['code']) => void;
}

function drawText(clip: Loose, context: DrawTextContext): string {
  const text = typeof clip['text'] === 'string' ? clip['text'] : '';
  const fontSize = num(clip['fontSize']) ?? 48;
  const requested = str(clip['fontFamily']) ?? 'Noto Sans CJK';
  const family = context.catalog.resolveFamily(requested, context.lang);
  if (!family) {
    const fallback = context.catalog.defaultFamily ?? 'a fallback font';
    const message = `Font family ${JSON.stringify(requested)} is not installed: drawn with ${fallback}; ${fontInstallHint(requested)}`;
    context.warn([...context.path, 'fontFamily'], message);
  }
  const weight = fontWeight(clip['fontWeight']);
  const italic = clip['fontStyle'] === 'italic' || clip['fontStyle'] === 'oblique';
  const layout = layoutText(text, {
    catalog: context.catalog,
    family: family ?? context.catalog.defaultFamily,
    fontSize,
    weight,
    italic,
    maxWidth: context.naturalW,
    lang: context.lang,
  });
  const overflow = textOverflowMessage(layout.lines.length, fontSize, {
    naturalHeight: context.naturalH,
    shownHeight: context.h,
  });
  if (overflow !== undefined) context.warn([...context.path, 'text'], overflow, 'layout');
  // Emoji need a colour font, which the outline drawing cannot use: no install hint for them.
  const emoji = layout.missing.filter((c) => /\p{Extended_Pictographic}/u.test(c));
  const letters = layout.missing.filter((c) => !emoji.includes(c));
  const codePoint = (c: string): string => (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
  const named = (chars: readonly string[]) =>
    `${chars
      .slice(0, 8)
      .map((c) => `${c} (U+${codePoint(c)})`)
      .join(', ')}${chars.length > 8 ? ' …' : ''}`;
  if (letters.length > 0) {
    const message =
      `No installed font draws ${named(letters)}: ` +
      'install fonts-noto-core and fonts-noto-cjk (Debian/Ubuntu) or pass fontDirs';
    context.warn([...context.path, 'text'], message, 'missing');
  }
  if (emoji.length > 0) {
    const message = `Emoji ${named(emoji)} are left blank: the preview draws no emoji`;
    context.warn([...context.path, 'text'], message, 'missing');
  }
  const align = str(clip['align']) ?? 'left';
  const anchor: TextAnchor = align === 'center' ? 'middle' : align === 'right' ? 'end' : 'start';
  const x = anchor === 'middle' ? context.naturalW / 2 : anchor === 'end' ? context.naturalW : 0;
  const fill = str(clip['fill']) ?? '#000000';
  const stroke = str(clip['stroke']);
  const strokeWidth = num(clip['strokeWidth']) ?? (stroke ? 1 : 0);
  const attributes = [
    `fill="${escapeXml(fill)}"`,
    stroke && strokeWidth > 0
      ? `stroke="${escapeXml(stroke)}" stroke-width="${f(strokeWidth)}" paint-order="stroke"`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const lineHeight = fontSize * LINE_HEIGHT;
  const backgroundColor = str(clip['backgroundColor']);
  const textHeight = Math.max(context.naturalH, layout.lines.length * lineHeight);
  const parts = [
    `<g transform="scale(${f(context.w / context.naturalW)} ${f(context.h / context.naturalH)})">`,
    backgroundColor
      ? `<rect x="0" y="0" width="${f(context.naturalW)}" height="${f(textHeight)}"` +
        ` fill="${escapeXml(backgroundColor)}"/>`
      : '',
    // The text itself stays in the SVG (the glyphs are outlines) for search and accessibility.
    `<g aria-label="${escapeXml(text)}"${context.filter}>`,
    textLines(layout.lines, {
      x,
      y: fontSize * 0.93,
      size: fontSize,
      lineHeight,
      anchor,
      attributes,
      fontFiles: context.fontFiles,
      italic,
      underline: clip['underline'] === true,
    }),
    '</g></g>',
  ];
  return parts.join('');
}

function shadowFilter(value: unknown, id: string): { id: string; def: string } | undefined {
  const shadow = rec(value);
  if (!shadow || shadow['enabled'] === false) return undefined;
  const color = str(shadow['color']) ?? '#00000060';
  const blur = Math.max(0, Math.min(10, num(shadow['blur']) ?? 0));
  const dx = num(shadow['offsetX']) ?? 0;
  const dy = num(shadow['offsetY']) ?? 0;
  const { rgb, alpha } = splitAlpha(color);
  return {
    id,
    def:
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%">` +
      `<feDropShadow dx="${f(dx)}" dy="${f(dy)}" stdDeviation="${f(blur / 2)}"` +
      ` flood-color="${escapeXml(rgb)}" flood-opacity="${f(alpha)}"/></filter>`,
  };
}

/** `#rrggbbaa` → `#rrggbb` and alpha, since flood-color takes no alpha in resvg. */
function splitAlpha(color: string): { rgb: string; alpha: number } {
  const hex = /^#([0-9a-f]{6})([0-9a-f]{2})$/i.exec(color.trim());
  if (hex?.[1] && hex[2]) return { rgb: `#${hex[1]}`, alpha: parseInt(hex[2], 16) / 255 };
  return { rgb: color, alpha: 1 };
}

function silhouette(w: number, h: number): string {
  const head = Math.min(w, h) * 0.18;
  const cx = w / 2;
  return [
    `<rect x="0" y="0" width="${f(w)}" height="${f(h)}" fill="#8a94a6" fill-opacity="0.35" stroke="#4a5568"` +
      ` stroke-width="${f(Math.min(6, Math.max(2, w / 120)))}"` +
      ` stroke-dasharray="${f(Math.min(24, Math.max(6, w / 40)))} ${f(Math.min(16, Math.max(4, w / 60)))}"/>`,
    `<circle cx="${f(cx)}" cy="${f(h * 0.3)}" r="${f(head)}" fill="#4a5568"/>`,
    `<path d="M${f(cx - w * 0.4)},${f(h)} C${f(cx - w * 0.4)},${f(h * 0.55)}` +
      ` ${f(cx + w * 0.4)},${f(h * 0.55)} ${f(cx + w * 0.4)},${f(h)} Z" fill="#4a5568"/>`,
  ].join('');
}

function fileName(url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.slice(clean.lastIndexOf('/') + 1) || url;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(text.length - max + 1)}`;
}
