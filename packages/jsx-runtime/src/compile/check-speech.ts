import { estimateSceneDuration, spokenText, writingSystemMismatch, type PathSegment } from '@vsynth/core';
import type { CompileContext } from './compile-context.js';
import type { ResolvedElement } from './resolve-tree.js';

/**
 * Seconds of speech one scene may hold before compile warns. The service states no limit; two minutes of
 * one avatar talking in one scene is past what narration scenes run, and a long scene costs its full
 * render again for every later edit of one line.
 */
export const SCENE_SPEECH_LIMIT_SECONDS = 120;

export interface CheckSpeechInput {
  readonly element: ResolvedElement;
  /** The avatar's model key (`ai_name`), named in messages. */
  readonly model: string | undefined;
  /** The speech as written (children or `script`), markup included. */
  readonly text: string;
  /** The avatar's language, `ja` or `en-US`; `undefined` when it has none. */
  readonly language: string | undefined;
  readonly scene: number;
  readonly path: readonly PathSegment[];
  readonly ctx: CompileContext;
  /** Default {@link SCENE_SPEECH_LIMIT_SECONDS}. */
  readonly limitSeconds?: number;
}

/**
 * Warns, at the `<Avatar>`, about speech that will not come out as meant: an avatar that says nothing, a
 * script written in a system the avatar's language does not use (Latin for `ja`, Hangul for `en`), and
 * speech estimated longer than the scene limit.
 */
export function checkSpeech(input: CheckSpeechInput): void {
  const { element, text, language, scene, path, ctx } = input;
  const who = input.model === undefined ? '<Avatar>' : `<Avatar model="${input.model}">`;
  if (spokenText(text).trim() === '') {
    const message =
      `${who} in scene ${scene} says nothing; give it speech (its children or script) ` +
      'or leave it out: a silent avatar still renders and is charged as one';
    ctx.warn(element, message, path);
    return;
  }
  const mismatch = writingSystemMismatch(text, language);
  if (mismatch !== undefined) {
    const expected = mismatch.expected.join(' or ');
    const message =
      `${who} speaks "${language}" but its script is written in ${mismatch.written} (expected ${expected}); ` +
      'translate the script or choose an avatar (or language) that matches it';
    ctx.warn(element, message, path);
  }
  const limit = input.limitSeconds ?? SCENE_SPEECH_LIMIT_SECONDS;
  const seconds = estimateSceneDuration(text, language);
  if (seconds > limit) {
    const message =
      `${who} in scene ${scene} speaks for about ${seconds} s by estimate, more than the ${limit} s a scene ` +
      'should hold; split the speech across scenes';
    ctx.warn(element, message, path);
  }
}
