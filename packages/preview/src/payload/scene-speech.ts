import { sceneSpeech as payloadSpeech, primaryLanguage, sceneLanguages } from '@vsynth/core/reading';

export interface SceneSpeech {
  readonly text: string;
  /** Language as written in the payload (`en`, `ko-KR`), `en` when none is given. */
  readonly language: string;
  /** Primary subtag of `language`. */
  readonly lang: string;
}

/** What the avatar says in a v3 scene and in which language, `en` when the avatar states none. */
export function sceneSpeech(scene: unknown): SceneSpeech {
  const [speech] = payloadSpeech({ scenes: [scene] }, 'v3');
  const language = speech?.language ?? 'en';
  return { text: speech?.text ?? '', language, lang: primaryLanguage(language) };
}

/** The primary subtag of the language a v3 scene is spoken in (`en` when the avatar states none), as sceneSpeech. */
export function sceneLang(scene: unknown): string {
  const [language] = sceneLanguages({ scenes: [scene] }, 'v3');
  return primaryLanguage(language ?? 'en');
}
