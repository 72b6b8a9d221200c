import type { PathSegment } from '../errors/issue.js';
import type { AvatarModelLike } from './avatar-model.js';
import { displayedBox } from './displayed-box.js';
import { pixelsToLegacyLocation } from './resolve-legacy-placement.js';
import { readNumber } from './read-number.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacementResult, V3BoxInput } from './types.js';

/** An aiModel clip as far as its placement goes; any `AiModelClip` of the schemas fits. */
export interface V3AvatarClipLike extends V3BoxInput {
  readonly model?: AvatarModelLike | null | undefined;
}

/** Options of {@link v3AvatarToLegacy}. */
export interface V3AvatarToLegacyOptions extends CanvasOptions {
  /** Payload path of the clip, for error messages. */
  readonly path?: readonly PathSegment[];
}

/**
 * The legacy placement of a v3 aiModel clip; the inverse of {@link legacyAvatarToV3}. The
 * midpoint is the displayed box's centre (with `model.editor.scale` applied); the scale is
 * `scaleX` when `width >= height`, else `scaleY` (the longer side's, as for images), since a
 * legacy avatar is scaled uniformly.
 *
 * @example
 * v3AvatarToLegacy({ left: 660, top: 40, width: 600, height: 1000, scaleX: 1, scaleY: 1 }, { orientation: 'landscape' })
 * // { locationX: 0, locationY: 0, scale: 1 }
 */
export function v3AvatarToLegacy(clip: V3AvatarClipLike, options: V3AvatarToLegacyOptions = {}): LegacyPlacementResult {
  const path = options.path ?? [];
  const canvas = resolveCanvas(options);
  const { left, top, width, height, scaleX, scaleY, model } = clip;
  const box = displayedBox({ left, top, width, height, scaleX, scaleY, type: 'aiModel', model }, { path });
  const scale =
    width >= height
      ? readNumber(scaleX, { path, field: 'scaleX', fallback: 1 })
      : readNumber(scaleY, { path, field: 'scaleY', fallback: 1 });
  return { ...pixelsToLegacyLocation(box.left + box.width / 2, box.top + box.height / 2, canvas), scale };
}
