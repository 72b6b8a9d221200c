/**
 * `@vsynth/preview/duration`: the scene duration estimate. It lives in core, where the compiler's speech
 * checks use it too; this entry keeps it importable without the renderer and its fonts.
 */
export {
  DEFAULT_SPEECH_RATE,
  estimateSceneDuration,
  MIN_SCENE_SECONDS,
  primaryLanguage,
  SILENT_SCENE_SECONDS,
  SPEECH_RATES,
  type SpeechRate,
} from '@vsynth/core';
