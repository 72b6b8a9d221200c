import { issue, type Issue } from '../errors/issue.js';
import { isRecord } from './describe-value.js';

/**
 * Rules of legacy requests beyond their schemas: a text clip without `textSource` shows
 * nothing, and more than one background per scene.
 *
 * @example checkLegacyRules({ scenes: [{ AIModel, clips: [{ type: 'text', detail: {} }] }] }) // one warning
 */
export function checkLegacyRules(input: unknown): Issue[] {
  const out: Issue[] = [];
  if (!isRecord(input) || !Array.isArray(input['scenes'])) return out;
  input['scenes'].forEach((scene, sceneIndex) => {
    if (!isRecord(scene) || !Array.isArray(scene['clips'])) return;
    let background: number | undefined;
    scene['clips'].forEach((clip, clipIndex) => {
      if (!isRecord(clip) || !isRecord(clip['detail'])) return;
      const path = ['scenes', sceneIndex, 'clips', clipIndex];
      if (
        clip['type'] === 'text' &&
        (typeof clip['detail']['textSource'] !== 'string' || clip['detail']['textSource'] === '')
      ) {
        out.push(
          issue({
            code: 'rule',
            severity: 'warning',
            path: [...path, 'detail', 'textSource'],
            message: 'text clip has no textSource: it shows nothing',
          }),
        );
      }
      if (clip['type'] === 'background') {
        if (background === undefined) background = clipIndex;
        else {
          out.push(
            issue({
              code: 'rule',
              severity: 'warning',
              path,
              message: `scenes[${sceneIndex}] already has a background clip (clips[${background}]); only one can be the scene background`,
            }),
          );
        }
      }
    });
  });
  return out;
}
