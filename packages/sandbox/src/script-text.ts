import { estimateSceneDuration } from '@vsynth/preview';
import type { ProjectFormat } from './records.js';

/** The speech of one scene: text without tags, and the language when the payload states one. */
export interface SceneSpeech {
  readonly text: string;
  readonly language: string | undefined;
}

/**
 * The speech of each scene of a stored payload, p/span tags removed: variant A
 * `scenes[i].scripts[0].org`, variant B the (not deleted) aiModel clip's `script.org`, legacy
 * `scenes[i].AIModel.script`, legacy audio `text` (one entry). The language is the avatar's
 * `model.language` (legacy: `AIModel.language`, audio: `language`).
 *
 * @example sceneSpeech({ scenes: [{ scripts: [{ org: '<p>Hi</p>' }], clips: [] }] }, 'v3') // [{ text: 'Hi', language: undefined }]
 */
export function sceneSpeech(payload: unknown, format: ProjectFormat): SceneSpeech[] {
  const root = asRecord(payload);
  if (format === 'audio') return [{ text: plain(root['text']), language: stringOf(root['language']) }];
  const scenes = Array.isArray(root['scenes']) ? root['scenes'] : [];
  return scenes.map((scene) => {
    const s = asRecord(scene);
    if (format === 'legacy') {
      const model = asRecord(s['AIModel']);
      return { text: plain(model['script']), language: stringOf(model['language']) };
    }
    const clips = (Array.isArray(s['clips']) ? s['clips'] : []).map(asRecord);
    const avatars = clips.filter((c) => c['type'] === 'aiModel');
    const speaking = avatars.find((c) => c['isDelete'] !== true && c['script'] !== undefined);
    const language = stringOf(asRecord((speaking ?? avatars[0])?.['model'])['language']);
    const scripts = Array.isArray(s['scripts']) ? s['scripts'] : [];
    if (scripts.length > 0) return { text: plain(asRecord(scripts[0])['org']), language };
    return { text: speaking === undefined ? '' : plain(asRecord(speaking['script'])['org']), language };
  });
}

/**
 * The spoken text of each scene (see {@link sceneSpeech}).
 *
 * @example sceneScripts({ scenes: [{ scripts: [{ org: '<p>Hi</p>' }] }] }, 'v3') // ['Hi']
 */
export function sceneScripts(payload: unknown, format: ProjectFormat): string[] {
  return sceneSpeech(payload, format).map((scene) => scene.text);
}

/**
 * The duration the sandbox reports for an export, in seconds: the sum of `@vsynth/preview`'s
 * `estimateSceneDuration` over the scenes (so the sandbox and the preview agree), rounded to 0.1 s.
 *
 * @example estimateDuration([{ text: 'Hello and welcome to our product tour.', language: 'en' }]) // 2.8
 */
export function estimateDuration(scenes: readonly SceneSpeech[]): number {
  const seconds = scenes.reduce((sum, scene) => sum + estimateSceneDuration(scene.text, scene.language), 0);
  return Math.round(seconds * 10) / 10;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function plain(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** A plain object view of a JSON value (`{}` for anything else). */
export function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
