import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { describeValue } from '../validate/describe-value.js';
import { estimateTextBox } from './estimate-text-box.js';
import { requireFiniteBox } from './require-finite-box.js';
import { resolveLegacyPlacement } from './resolve-legacy-placement.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacement, V3Box } from './types.js';

/** The font size of legacy text at scale 1, in pixels. */
export const LEGACY_TEXT_BASE_FONT_SIZE = 48;

/** A legacy text clip's `detail` as far as geometry goes. */
export interface LegacyTextDetail extends LegacyPlacement {
  readonly textSource?: string | null | undefined;
}

/** The estimated v3 box plus the text and its font size. */
export interface V3TextBox extends V3Box {
  readonly text: string;
  readonly fontSize: number;
}

export interface LegacyTextToV3Options extends CanvasOptions {
  readonly path?: readonly PathSegment[];
}

/**
 * Places a legacy text clip on the v3 canvas: `fontSize = round(48 * s)` (at least 1) and the
 * {@link estimateTextBox} of the text at that size, centred on the legacy midpoint, unscaled.
 */
export function legacyTextToV3(detail: LegacyTextDetail, options: LegacyTextToV3Options = {}): V3TextBox {
  const path = options.path ?? [];
  const canvas = resolveCanvas(options);
  const { cx, cy, scale } = resolveLegacyPlacement(detail, canvas, path);
  const text = readText(detail.textSource, path);
  const fontSize = Math.max(1, Math.round(LEGACY_TEXT_BASE_FONT_SIZE * scale));
  if (!Number.isSafeInteger(fontSize)) {
    const message =
      `A legacy text scale of ${scale} gives a font size of ${fontSize} pixels, too large to lay out: ` +
      'use a smaller scale';
    throw new ValidationError([issue({ code: 'too_big', path: [...path, 'scale'], message })], {
      subject: 'legacy text',
    });
  }
  const { width, height } = estimateTextBox(text, fontSize);
  return requireFiniteBox(
    { text, fontSize, left: cx - width / 2, top: cy - height / 2, width, height, scaleX: 1, scaleY: 1 },
    path,
  );
}

function readText(value: unknown, path: readonly PathSegment[]): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  const message = `A legacy text clip's textSource must be a string, received ${describeValue(value)}`;
  throw new ValidationError([issue({ code: 'invalid_type', path: [...path, 'textSource'], message })], {
    subject: 'legacy text',
  });
}
