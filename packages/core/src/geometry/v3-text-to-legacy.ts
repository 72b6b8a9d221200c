import type { PathSegment } from '../errors/issue.js';
import { displayedBox } from './displayed-box.js';
import { pixelsToLegacyLocation } from './resolve-legacy-placement.js';
import { LEGACY_TEXT_BASE_FONT_SIZE } from './legacy-text-to-v3.js';
import { readNumber } from './read-number.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacementResult, V3BoxInput } from './types.js';

/** A textImage clip as far as its placement goes; any `TextImageClip` of the schemas fits. */
export interface V3TextClipLike extends V3BoxInput {
  readonly text?: string | null | undefined;
  readonly fontSize?: number | null | undefined;
}

/** The legacy placement of a text clip, with its text when the clip has one. */
export interface LegacyTextResult extends LegacyPlacementResult {
  readonly textSource?: string;
}

export interface V3TextToLegacyOptions extends CanvasOptions {
  readonly path?: readonly PathSegment[];
}

/**
 * The legacy placement of a v3 textImage clip, the inverse of {@link legacyTextToV3}: the scale is the glyphs'
 * displayed height over 48, so a clip without `fontSize` is a ValidationError.
 */
export function v3TextToLegacy(clip: V3TextClipLike, options: V3TextToLegacyOptions = {}): LegacyTextResult {
  const path = options.path ?? [];
  const canvas = resolveCanvas(options);
  const fontSize = readNumber(clip.fontSize, { path, field: 'fontSize', rule: 'positive' });
  const scaleY = readNumber(clip.scaleY, { path, field: 'scaleY', fallback: 1 });
  const { left, top, width, height, scaleX } = clip;
  const box = displayedBox({ left, top, width, height, scaleX, scaleY: clip.scaleY }, { path });
  const placement = {
    ...pixelsToLegacyLocation(box.left + box.width / 2, box.top + box.height / 2, canvas),
    scale: (fontSize * scaleY) / LEGACY_TEXT_BASE_FONT_SIZE,
  };
  return typeof clip.text === 'string' ? { textSource: clip.text, ...placement } : placement;
}
