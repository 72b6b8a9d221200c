import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { formatPath } from '../errors/format-issues.js';
import { isKnownOrientation } from '../schemas/orientation.js';
import { describeValue, isRecord } from './describe-value.js';
import { detectVariant } from './detect-variant.js';
import { checkWebhookRules } from './webhook-rules.js';

/**
 * The cross-field rules of a v3 create payload that a schema cannot express (docs/decisions.md "Wire
 * shapes"), checked on the raw input so they are reported together with schema errors:
 * variant A needs `scripts` in every scene, `isTTS`/`tts` agree, and `modelId`/`clothId` equal
 * the scene's avatar clip `model.ai_name`/`model.emotion`. Real-payload quirks (a repeated
 * `sceneIdx`, an aiModel clip with `isDelete: true`) are warnings.
 *
 * @example checkCreateRules(JSON.parse(text)).filter((i) => i.severity === 'error')
 */
export function checkCreateRules(input: unknown): Issue[] {
  const out: Issue[] = [];
  if (!isRecord(input)) return out;
  const orientation = input['orientation'];
  if (typeof orientation === 'string' && !isKnownOrientation(orientation)) {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: ['orientation'],
        message: `orientation ${describeValue(orientation)} is neither landscape nor portrait; vsynth cannot lay it out (preview and legacy conversion will fail)`,
      }),
    );
  }
  out.push(...checkWebhookRules(input, { field: 'webhookUrl', exportDefault: true }));
  const scenes = input['scenes'];
  if (!Array.isArray(scenes)) return out;

  const variant = detectVariant(input);
  const firstWithScripts = scenes.findIndex((scene) => isRecord(scene) && scene['scripts'] !== undefined);
  const seenIdx = new Map<number, number>();
  let speaks = false;

  scenes.forEach((scene, sceneIndex) => {
    if (!isRecord(scene)) return;
    const at = (...rest: PathSegment[]): PathSegment[] => ['scenes', sceneIndex, ...rest];

    const sceneIdx = scene['sceneIdx'];
    if (typeof sceneIdx === 'number') {
      const first = seenIdx.get(sceneIdx);
      if (first === undefined) seenIdx.set(sceneIdx, sceneIndex);
      else {
        out.push(
          issue({
            code: 'quirk',
            severity: 'warning',
            path: at('sceneIdx'),
            message: `sceneIdx ${sceneIdx} repeats (first used by scenes[${first}]); scenes play in array order`,
          }),
        );
      }
    }

    const clips = Array.isArray(scene['clips']) ? scene['clips'] : [];
    const avatars: { index: number; clip: Record<string, unknown> }[] = [];
    clips.forEach((clip, clipIndex) => {
      if (!isRecord(clip) || clip['type'] !== 'aiModel') return;
      avatars.push({ index: clipIndex, clip });
      if (clip['isDelete'] === true) {
        out.push(
          issue({
            code: 'quirk',
            severity: 'warning',
            path: at('clips', clipIndex, 'isDelete'),
            message: `aiModel clip ${describeValue(clip['id'])} has isDelete: true; it is not shown (the service's own projects carry such a clip in scenes without a speaking avatar)`,
          }),
        );
      }
      if (isRecord(clip['script'])) {
        speaks = true;
        if (variant === 'A') {
          out.push(
            issue({
              code: 'quirk',
              severity: 'warning',
              path: at('clips', clipIndex, 'script'),
              message: `aiModel clip carries a script in a variant A payload (scenes carry scripts); the speech of scenes[${sceneIndex}].scripts[0] is the one stated by variant A`,
            }),
          );
        }
      }
    });

    if (variant !== 'A') return;
    const scripts = scene['scripts'];
    if (scripts === undefined) {
      out.push(
        issue({
          code: 'missing',
          path: at('scripts'),
          message: `scripts is required: this is a variant A payload (scenes[${firstWithScripts}] carries scripts), so every scene needs exactly one script entry`,
        }),
      );
      return;
    }
    if (!Array.isArray(scripts)) return;
    const entry = scripts[0];
    if (!isRecord(entry)) return;
    speaks = true;
    checkTts(entry, at('scripts', 0), out);

    const live = avatars.filter((a) => a.clip['isDelete'] !== true);
    const chosen = live[0] ?? avatars[0];
    if (chosen === undefined) {
      out.push(
        issue({
          code: 'rule',
          path: at('clips'),
          message: `scenes[${sceneIndex}] has no aiModel clip, but variant A needs one whose model matches scripts[0].modelId ${describeValue(entry['modelId'])} and clothId ${describeValue(entry['clothId'])}`,
        }),
      );
      return;
    }
    if (live.length > 1) {
      out.push(
        issue({
          code: 'rule',
          severity: 'warning',
          path: at('clips', chosen.index),
          message: `scenes[${sceneIndex}] has ${live.length} aiModel clips without isDelete; scripts[0] is matched against the first (${formatPath(at('clips', chosen.index))})`,
        }),
      );
    }
    const model = chosen.clip['model'];
    if (!isRecord(model)) return;
    const clipPath = formatPath(at('clips', chosen.index));
    matchField(entry, 'modelId', model, 'ai_name', at('scripts', 0, 'modelId'), clipPath, out);
    matchField(entry, 'clothId', model, 'emotion', at('scripts', 0, 'clothId'), clipPath, out);
  });

  if (!speaks && scenes.length > 0) {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: ['scenes'],
        message:
          'no scene carries speech: neither scenes[].scripts (variant A) nor an aiModel clip script (variant B); the video will be silent',
      }),
    );
  }
  return out;
}

function checkTts(entry: Record<string, unknown>, path: PathSegment[], out: Issue[]): void {
  const isTTS = entry['isTTS'];
  const tts = entry['tts'];
  if (tts === undefined) return; // reported as missing by the schema
  if (isTTS === false && tts !== null) {
    out.push(
      issue({
        code: 'rule',
        path: [...path, 'tts'],
        message: `tts must be null when isTTS is false (the avatar's own voice), received ${describeValue(tts)}`,
      }),
    );
  }
  if (isTTS === true && !isRecord(tts)) {
    out.push(
      issue({
        code: 'rule',
        path: [...path, 'tts'],
        message: `tts must hold the TTS data (an object) when isTTS is true, received ${describeValue(tts)}`,
      }),
    );
  }
}

function matchField(
  entry: Record<string, unknown>,
  field: 'modelId' | 'clothId',
  model: Record<string, unknown>,
  modelField: 'ai_name' | 'emotion',
  path: PathSegment[],
  clipPath: string,
  out: Issue[],
): void {
  const mine = entry[field];
  const theirs = model[modelField];
  if (typeof mine !== 'string' || typeof theirs !== 'string' || mine === '' || mine === theirs) return;
  out.push(
    issue({
      code: 'rule',
      path,
      message: `${field} ${JSON.stringify(mine)} does not match the avatar clip's model.${modelField} ${JSON.stringify(theirs)} (${clipPath})`,
    }),
  );
}
