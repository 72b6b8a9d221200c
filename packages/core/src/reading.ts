/**
 * `@vsynth/core/reading`: what reads a payload (a clip's box on the canvas, each scene's speech and its
 * language, issues) without the request schemas and the client, which take most of core's ~0.3 s load
 * time. For code that starts on a thread of its own, like the CLI's text measuring.
 */
export {
  displayedBox,
  type DisplayedBox,
  type DisplayedBoxClip,
  type DisplayedBoxOptions,
} from './geometry/displayed-box.js';
export { sceneLanguages, sceneSpeech, type SceneSpeech } from './cubes/scene-scripts.js';
export { primaryLanguage } from './speech/estimate-scene-duration.js';
export { issue, type Issue, type PathSegment } from './errors/issue.js';
