/**
 * The speech of a v3 scene for drawing and timing: core's reading of the scene (variant A
 * `scripts[0].org` or variant B aiModel clip `script.org`, tags removed), with `en` when the
 * avatar states no language.
 */
import { sceneSpeech as payloadSpeech } from '@vsynth/core';
import { primaryLanguage } from '../duration/estimate-scene-duration.js';

export interface SceneSpeech {
  /** Plain text (tags removed). */
  readonly text: string;
  /** Language as written in the payload (`en`, `ko-KR`), `en` when none is given. */
  readonly language: string;
  /** Primary subtag of `language`. */
  readonly lang: string;
}

/**
 * Reads what the avatar says in a scene and in which language.
 *
 * @example
 * sceneSpeech({ scripts: [{ org: '<p>Hi</p>' }], clips: [{ type: 'aiModel', model: { language: 'en' } }] })
 * // { text: 'Hi', language: 'en', lang: 'en' }
 */
export function sceneSpeech(scene: unknown): SceneSpeech {
  const [speech] = payloadSpeech({ scenes: [scene] }, 'v3');
  const language = speech?.language ?? 'en';
  return { text: speech?.text ?? '', language, lang: primaryLanguage(language) };
}
