import { spokenText } from './spoken-text.js';

/** What a payload is: a v3 project, a legacy project, or a legacy audio request. */
export type PayloadFormat = 'v3' | 'legacy' | 'audio';

/** The speech of one scene: text without tags, and the language when the payload states one. */
export interface SceneSpeech {
  readonly text: string;
  readonly language: string | undefined;
}

/**
 * The speech of each scene of a payload, with the speaking avatar's language: variant A's script, else
 * variant B's first live avatar with a `script`; the legacy `AIModel.script`; the audio `text`.
 */
export function sceneSpeech(payload: unknown, format: PayloadFormat): SceneSpeech[] {
  return speakers(payload, format).map(({ markup, language }) => ({ text: spokenText(markup), language }));
}

/** The language each scene of a payload is spoken in, when the payload states one (see sceneSpeech). */
export function sceneLanguages(payload: unknown, format: PayloadFormat): (string | undefined)[] {
  return speakers(payload, format).map((speaker) => speaker.language);
}

/** What each scene speaks, as markup (anything but a string speaks nothing), and in which language. */
function speakers(payload: unknown, format: PayloadFormat): { markup: unknown; language: string | undefined }[] {
  const root = record(payload);
  if (format === 'audio') return [{ markup: root['text'], language: nonEmpty(root['language']) }];
  const scenes = Array.isArray(root['scenes']) ? root['scenes'] : [];
  return scenes.map((scene) => {
    const s = record(scene);
    if (format === 'legacy') {
      const model = record(s['AIModel']);
      return { markup: model['script'], language: nonEmpty(model['language']) };
    }
    const clips = (Array.isArray(s['clips']) ? s['clips'] : []).map(record);
    const avatars = clips.filter((c) => c['type'] === 'aiModel');
    const live = avatars.filter((c) => c['isDelete'] !== true);
    const scripts = Array.isArray(s['scripts']) ? s['scripts'] : [];
    if (scripts.length > 0) {
      // Variant A: the script belongs to the avatar its modelId names, the first one not deleted.
      const language = nonEmpty(record((live[0] ?? avatars[0])?.['model'])['language']);
      return { markup: record(scripts[0])['org'], language };
    }
    const speaking = live.find((c) => c['script'] !== undefined);
    const language = nonEmpty(record((speaking ?? live[0] ?? avatars[0])?.['model'])['language']);
    return { markup: speaking === undefined ? undefined : record(speaking['script'])['org'], language };
  });
}

/** The spoken text of each scene of a payload, `''` for a silent one; what the cube cost counts. */
export function sceneScripts(payload: unknown, format: PayloadFormat): string[] {
  return sceneSpeech(payload, format).map((scene) => scene.text);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
