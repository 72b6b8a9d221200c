import type { PathSegment } from '../errors/issue.js';
import { displayedBox } from './displayed-box.js';
import { pixelsToLegacyLocation } from './resolve-legacy-placement.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacementResult, V3BoxInput } from './types.js';

export interface V3ImageToLegacyOptions extends CanvasOptions {
  readonly path?: readonly PathSegment[];
}

/**
 * The legacy placement of a v3 image clip, the inverse of {@link legacyImageToV3}. Legacy images are scaled
 * uniformly, so the scale follows the longer natural side and a stretch along the other axis is dropped.
 */
export function v3ImageToLegacy(clip: V3BoxInput, options: V3ImageToLegacyOptions = {}): LegacyPlacementResult {
  const canvas = resolveCanvas(options);
  const { left, top, width, height, scaleX, scaleY } = clip;
  const box = displayedBox({ left, top, width, height, scaleX, scaleY }, { path: options.path ?? [] });
  const scale = width >= height ? (2 * box.width) / canvas.width : (2 * box.height) / canvas.height;
  return { ...pixelsToLegacyLocation(box.left + box.width / 2, box.top + box.height / 2, canvas), scale };
}
