/**
 * @vsynth/preview — see a video before spending cubes: storyboard SVG/PNG per scene, a contact
 * sheet, and an MP4 draft where ffmpeg (and espeak-ng for speech) are installed.
 */
export { createAssetLoader, loadAsset, type LoadAssetOptions, type LoadedAsset } from './assets/load-asset.js';
export { contactSheet, CONTACT_SHEET_THUMB } from './contact-sheet.js';
export {
  drawScenes,
  svgToPng,
  type DrawOptions,
  type DrawnPayload,
  type DrawnScene,
  type SvgToPngOptions,
} from './draw-scenes.js';
export * from './duration/estimate-scene-duration.js';
export { loadFontCatalog, type FontCatalog, type FontCatalogOptions } from './fonts/font-catalog.js';
export { findTextOverflow, type FindTextOverflowOptions } from './text/text-overflow.js';
export { loadTextShaper } from './fonts/text-shaper.js';
export {
  renderStoryboard,
  type RenderStoryboardOptions,
  type Storyboard,
  type StoryboardScene,
} from './render-storyboard.js';
export { renderThumbnail, type RenderThumbnailOptions, type Thumbnail } from './render-thumbnail.js';
export { SHAPE_NAMES, type ShapeName } from './svg/shape-element.js';
export { renderArtifact, type Artifact, type RenderArtifactOptions } from './render-artifact.js';
export {
  espeakVoice,
  FFMPEG_MISSING_MESSAGE,
  renderDraft,
  type Draft,
  type DraftScene,
  type RenderDraftOptions,
} from './draft/render-draft.js';
export { findExecutable } from './draft/find-executable.js';
export { decodePng, type DecodedPng } from './png/decode-png.js';
export { makeOutputDir, writeOutput } from './write-output.js';
