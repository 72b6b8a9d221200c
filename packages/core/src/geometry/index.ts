/**
 * Geometry of the canvas (DESIGN.md "Geometry"): canvas sizes, the displayed box of a v3 clip,
 * and conversion between legacy midpoint/scale placement and v3 left/top/width/height/scale.
 */
export { avatarEditorScale, avatarTightSize, type AvatarModelLike } from './avatar-model.js';
export { CANVAS_SIZES, canvasSize, isCanvasOrientation, type CanvasOrientation, type CanvasSize } from './canvas-size.js';
export { displayedBox, type DisplayedBox, type DisplayedBoxClip, type DisplayedBoxOptions } from './displayed-box.js';
export { estimateTextBox, type TextBox } from './estimate-text-box.js';
export { CJK_RANGES, isCjkCharacter } from './is-cjk-character.js';
export { legacyAvatarToV3, type LegacyAvatarToV3Options } from './legacy-avatar-to-v3.js';
export { legacyBackgroundToV3, type LegacyBackground } from './legacy-background-to-v3.js';
export { LEGACY_DEFAULT_LAYERS } from './legacy-default-layers.js';
export { legacyImageToV3, type LegacyImageToV3Options } from './legacy-image-to-v3.js';
export {
  legacyProjectToV3,
  type ImageSize,
  type LegacyAiModelLike,
  type LegacyAvatarEntry,
  type LegacyClipDetailLike,
  type LegacyClipLike,
  type LegacyProjectLike,
  type LegacyProjectToV3Options,
  type LegacyProjectToV3Result,
} from './legacy-project-to-v3.js';
export {
  LEGACY_TEXT_BASE_FONT_SIZE,
  legacyTextToV3,
  type LegacyTextDetail,
  type LegacyTextToV3Options,
  type V3TextBox,
} from './legacy-text-to-v3.js';
export { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
export type { LegacyPlacement, LegacyPlacementResult, V3Box, V3BoxInput } from './types.js';
export { v3AvatarToLegacy, type V3AvatarClipLike, type V3AvatarToLegacyOptions } from './v3-avatar-to-legacy.js';
export { v3ImageToLegacy, type V3ImageToLegacyOptions } from './v3-image-to-legacy.js';
export {
  v3TextToLegacy,
  type LegacyTextResult,
  type V3TextClipLike,
  type V3TextToLegacyOptions,
} from './v3-text-to-legacy.js';
