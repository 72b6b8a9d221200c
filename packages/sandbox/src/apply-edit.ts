import { issue, omitUndefined, type Issue } from '@vsynth/core';
import { sceneList, setSpeech } from './apply-modify.js';
import type { ProjectFormat } from './records.js';
import { asRecord } from './as-record.js';

/** One entry of an edit request's `updates.value`. */
export interface EditChange {
  readonly sceneIdx: number;
  readonly type: string;
  readonly values: Readonly<Record<string, unknown>>;
}

export type EditResult =
  | { readonly ok: true; readonly payload: unknown }
  | { readonly ok: false; readonly issues: readonly Issue[] };

/** Legacy clip types that stand for the v3 types an edit names. */
const LEGACY_TYPES: Readonly<Record<string, string>> = { textImage: 'text', image: 'image', background: 'background' };

/**
 * Applies an edit request's changes to a copy of a stored payload, as docs/decisions.md "Sandbox" says:
 * `values` go to the first clip of `type` in the scene at position `sceneIdx` (`background`: the
 * scene's background object); for `aiModel`, `script` replaces the scene's speech and the other
 * values go to the clip. Legacy projects map `aiModel` to `AIModel`, `textImage` to the first
 * `text` clip (`text` → `detail.textSource`) and `image`/`background` to those clips' `detail`.
 * A missing scene or type is an issue naming it.
 *
 * @example applyEdit(payload, [{ sceneIdx: 0, type: 'textImage', values: { text: 'Hi' } }], 'v3')
 */
export function applyEdit(payload: unknown, changes: readonly EditChange[], format: ProjectFormat): EditResult {
  const copy = structuredClone(payload);
  const scenes = sceneList(copy);
  const issues: Issue[] = [];
  changes.forEach((change, index) => {
    const at = ['updates', 'value', index];
    const scene = scenes[change.sceneIdx];
    if (scene === undefined) {
      issues.push(
        issue({
          code: 'invalid_value',
          path: [...at, 'sceneIdx'],
          message: `Scene ${change.sceneIdx} does not exist: the project has ${scenes.length} scene${scenes.length === 1 ? '' : 's'}${scenes.length > 0 ? ` (0–${scenes.length - 1})` : ''}`,
        }),
      );
      return;
    }
    const { script, ...rest } = change.values;
    if (change.type === 'aiModel') {
      const model = format === 'legacy' ? asRecordOrUndefined(scene['AIModel']) : firstClip(scene, 'aiModel');
      if (model === undefined) {
        issues.push(
          issue({
            code: 'invalid_value',
            path: [...at, 'type'],
            message: `Scene ${change.sceneIdx} has no aiModel clip to edit`,
          }),
        );
        return;
      }
      if (script !== undefined) {
        if (typeof script !== 'string' || !setSpeech(scene, script, format)) {
          issues.push(
            issue({
              code: 'invalid_value',
              path: [...at, 'values', 'script'],
              message: `Scene ${change.sceneIdx} has no script to replace, or the script is not a string`,
            }),
          );
          return;
        }
      }
      Object.assign(model, rest);
      return;
    }
    if (format === 'legacy') {
      const legacyType = LEGACY_TYPES[change.type];
      const clip = legacyType === undefined ? undefined : firstClip(scene, legacyType);
      if (clip === undefined) {
        issues.push(
          issue({
            code: 'invalid_value',
            path: [...at, 'type'],
            message: `Scene ${change.sceneIdx} of this legacy project has no ${legacyType ?? change.type} clip to edit`,
          }),
        );
        return;
      }
      const { text, ...detail } = change.values;
      clip['detail'] = { ...asRecord(clip['detail']), ...detail, ...omitUndefined({ textSource: text }) };
      return;
    }
    if (change.type === 'background') {
      scene['background'] = { ...asRecord(scene['background']), ...change.values };
      return;
    }
    const clip = firstClip(scene, change.type);
    if (clip === undefined) {
      issues.push(
        issue({
          code: 'invalid_value',
          path: [...at, 'type'],
          message: `Scene ${change.sceneIdx} has no ${change.type} clip to edit`,
        }),
      );
      return;
    }
    Object.assign(clip, change.values);
  });
  return issues.length > 0 ? { ok: false, issues } : { ok: true, payload: copy };
}

function firstClip(scene: Record<string, unknown>, type: string): Record<string, unknown> | undefined {
  const clips = Array.isArray(scene['clips']) ? (scene['clips'] as unknown[]) : [];
  return clips.map(asRecordOrUndefined).find((clip) => clip !== undefined && clip['type'] === type);
}

function asRecordOrUndefined(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}
