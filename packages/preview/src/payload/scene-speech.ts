/**
 * The speech of a v3 scene: variant A's `scripts[0].org` or variant B's aiModel clip
 * `script.org`, with the avatar's `model.language`.
 */
import { primaryLanguage, speechText } from '../duration/estimate-scene-duration.js';

export interface SceneSpeech {
  /** Plain text (tags removed). */
  readonly text: string;
  /** Language as written in the payload (`en`, `ko-KR`), `en` when none is given. */
  readonly language: string;
  /** Primary subtag of `language`. */
  readonly lang: string;
}

type Loose = Record<string, unknown>;

/**
 * Reads what the avatar says in a scene and in which language.
 *
 * @example
 * sceneSpeech({ scripts: [{ org: '<p>Hi</p>' }], clips: [{ type: 'aiModel', model: { language: 'en' } }] })
 * // { text: 'Hi', language: 'en', lang: 'en' }
 */
export function sceneSpeech(scene: unknown): SceneSpeech {
  const record = (typeof scene === 'object' && scene !== null ? scene : {}) as Loose;
  const clips = Array.isArray(record['clips']) ? (record['clips'] as Loose[]) : [];
  const avatars = clips.filter((clip) => typeof clip === 'object' && clip !== null && clip['type'] === 'aiModel');
  const speaking = avatars.find((clip) => clip['isDelete'] !== true) ?? avatars[0];
  const scripts = Array.isArray(record['scripts']) ? (record['scripts'] as Loose[]) : [];
  const variantA = scripts[0]?.['org'];
  const variantB = (speaking?.['script'] as Loose | undefined)?.['org'];
  const org = typeof variantA === 'string' ? variantA : typeof variantB === 'string' ? variantB : '';
  const model = speaking?.['model'] as Loose | undefined;
  const language = typeof model?.['language'] === 'string' && model['language'] !== '' ? model['language'] : 'en';
  return { text: speechText(org), language, lang: primaryLanguage(language) };
}
