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

export interface V3AvatarToLegacyOptions extends CanvasOptions {
  readonly path?: readonly PathSegment[];
}

/**
 * The legacy placement of a v3 aiModel clip, the inverse of {@link legacyAvatarToV3}. A legacy avatar is
 * scaled uniformly, so the scale is the longer side's.
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
