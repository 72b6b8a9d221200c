import type { SceneSpeech } from '@vsynth/core';
import { estimateSceneDuration } from '@vsynth/preview/duration';

/**
 * The duration the sandbox reports for an export, in seconds: the sum of `@vsynth/preview`'s
 * `estimateSceneDuration` over the scenes (`sceneSpeech` of `@vsynth/core`; so the sandbox and the preview agree),
 * rounded to 0.1 s.
 *
 * @example estimateDuration([{ text: 'Hello and welcome to our product tour.', language: 'en' }]) // 2.8
 */
export function estimateDuration(scenes: readonly SceneSpeech[]): number {
  const seconds = scenes.reduce((sum, scene) => sum + estimateSceneDuration(scene.text, scene.language), 0);
  return Math.round(seconds * 10) / 10;
}
