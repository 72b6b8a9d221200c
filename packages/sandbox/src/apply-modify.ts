import { issue, parseModifyKey, type Issue } from '@vsynth/core';
import type { ProjectFormat } from './records.js';
import { asRecord } from './as-record.js';
import { writableCopy } from './writable-copy.js';

/** The outcome of applying a modify request's `updates` to a stored payload. */
export type ModifyResult =
  | { readonly ok: true; readonly payload: unknown }
  | { readonly ok: false; readonly issues: readonly Issue[] };

/**
 * Applies modify `updates` to a copy of a stored payload, as docs/decisions.md "Sandbox" says: `title_N`
 * and `subtitles_N` replace the `text` of the N-th clip with that `tag`, counting scenes in order
 * and clips in array order; `scripts_N` replaces the speech of scene N (variant A
 * `scripts[0].org`, variant B the aiModel clip's `script.org`, legacy `AIModel.script`). A key
 * without suffix is index 0. An index with no such clip or scene is an issue naming the key.
 * The input is left unchanged; the result shares with it the parts no update writes to (see writableCopy).
 *
 * @example applyModify(payload, { title_1: 'Hello' }, 'v3') // { ok: true, payload: … }
 */
export function applyModify(
  payload: unknown,
  updates: Readonly<Record<string, unknown>>,
  format: ProjectFormat,
): ModifyResult {
  const copy = writableCopy(payload);
  const scenes = sceneList(copy);
  const issues: Issue[] = [];
  /**
   * Every clip of every scene in order, listed once for all the title and subtitles keys: updates change clips' fields,
   * never which clips there are.
   */
  let clips: Record<string, unknown>[] | undefined;
  for (const [key, value] of Object.entries(updates)) {
    const path = ['updates', key];
    const parsed = parseModifyKey(key);
    if (parsed === undefined) {
      issues.push(
        issue({
          code: 'invalid_value',
          path,
          message: `Unknown update key "${key}": use title, subtitles or scripts, optionally with _N`,
        }),
      );
      continue;
    }
    if (typeof value !== 'string') {
      issues.push(issue({ code: 'invalid_type', path, message: `The value of "${key}" must be a string` }));
      continue;
    }
    if (parsed.tag === 'scripts') {
      const scene = scenes[parsed.index];
      if (scene === undefined || !setSpeech(scene, value, format)) {
        const why =
          scene === undefined
            ? `the project has ${scenes.length} scene${scenes.length === 1 ? '' : 's'}`
            : `scene ${parsed.index} has no script to replace`;
        issues.push(
          issue({
            code: 'invalid_value',
            path,
            message: `Update key "${key}" addresses scene ${parsed.index}, but ${why}`,
          }),
        );
      }
      continue;
    }
    clips ??= scenes
      .flatMap((scene) => (Array.isArray(scene['clips']) ? (scene['clips'] as unknown[]) : []))
      .map(asRecord);
    const tagged = clips.filter((clip) => clip['tag'] === parsed.tag);
    const clip = tagged[parsed.index];
    if (clip === undefined) {
      issues.push(
        issue({
          code: 'invalid_value',
          path,
          message: `Update key "${key}" addresses ${parsed.tag} clip ${parsed.index}, but the project has ${tagged.length} clip${tagged.length === 1 ? '' : 's'} tagged "${parsed.tag}"`,
        }),
      );
      continue;
    }
    if (format === 'legacy') clip['detail'] = { ...asRecord(clip['detail']), textSource: value };
    else clip['text'] = value;
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, payload: copy };
}

/** Replaces the speech of one scene; false when the scene carries none. */
export function setSpeech(scene: Record<string, unknown>, text: string, format: ProjectFormat): boolean {
  if (format === 'legacy') {
    const model = scene['AIModel'];
    if (typeof model !== 'object' || model === null) return false;
    (model as Record<string, unknown>)['script'] = text;
    return true;
  }
  const scripts = scene['scripts'];
  if (Array.isArray(scripts) && typeof scripts[0] === 'object' && scripts[0] !== null) {
    (scripts[0] as Record<string, unknown>)['org'] = text;
    return true;
  }
  const clips = Array.isArray(scene['clips']) ? (scene['clips'] as unknown[]) : [];
  const speaking = clips
    .map(asRecord)
    .find(
      (clip) =>
        clip['type'] === 'aiModel' &&
        clip['isDelete'] !== true &&
        typeof clip['script'] === 'object' &&
        clip['script'] !== null,
    );
  if (speaking === undefined) return false;
  (speaking['script'] as Record<string, unknown>)['org'] = text;
  return true;
}

/** The scenes of a payload as mutable records. */
export function sceneList(payload: unknown): Record<string, unknown>[] {
  const scenes = asRecord(payload)['scenes'];
  return Array.isArray(scenes) ? scenes.map(asRecord) : [];
}
