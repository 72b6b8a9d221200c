import type { PathSegment } from '../errors/issue.js';
import { displayedBox } from './displayed-box.js';
import { pixelsToLegacyLocation } from './resolve-legacy-placement.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacementResult, V3BoxInput } from './types.js';

/** Options of {@link v3ImageToLegacy}. */
export interface V3ImageToLegacyOptions extends CanvasOptions {
  /** Payload path of the clip, for error messages. */
  readonly path?: readonly PathSegment[];
}

/**
 * The legacy placement of a v3 image clip; the inverse of {@link legacyImageToV3}. The midpoint
 * is the displayed box's centre. The scale comes from the longer natural side, as in the
 * forward rule: `s = 2*width*scaleX/W` when `width >= height`, else `s = 2*height*scaleY/H`.
 * Legacy images are always scaled uniformly, so when `scaleX != scaleY` the other axis's
 * stretch cannot be expressed and is dropped (the image keeps its aspect ratio).
 *
 * @example
 * v3ImageToLegacy({ left: 480, top: 180, width: 800, height: 600, scaleX: 1.2, scaleY: 1.2 }, { orientation: 'landscape' })
 * // { locationX: 0, locationY: 0, scale: 1 }
 */
export function v3ImageToLegacy(clip: V3BoxInput, options: V3ImageToLegacyOptions = {}): LegacyPlacementResult {
  const canvas = resolveCanvas(options);
  const { left, top, width, height, scaleX, scaleY } = clip;
  const box = displayedBox({ left, top, width, height, scaleX, scaleY }, { path: options.path ?? [] });
  const scale = width >= height ? (2 * box.width) / canvas.width : (2 * box.height) / canvas.height;
  return { ...pixelsToLegacyLocation(box.left + box.width / 2, box.top + box.height / 2, canvas), scale };
}
