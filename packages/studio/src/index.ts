/**
 * @vsynth/studio — `vsynth studio`: a live local web page to author a video. It shows the
 * storyboard, the v3 A / v3 B / legacy payloads, the slot map, duration, cubes and every problem
 * at its line, and redraws on every save of the video, its modules, props or data.
 */
export { startStudio, type StartStudioOptions, type Studio } from './start-studio.js';
export {
  studioState,
  type PanelContext,
  type StudioPanelState,
  type StudioScene,
  type StudioState,
} from './studio-state.js';
export type { BuildOutcome, PropsPanel, StudioProblem, StudioTarget, TargetOutcome } from './studio-types.js';
export { localImports } from './local-imports.js';
