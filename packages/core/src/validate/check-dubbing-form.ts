import { issue, type Issue } from '../errors/issue.js';
import { DUBBING_LIMITS } from '../schemas/dubbing.js';
import { isLanguageCode } from '../schemas/language.js';
import { describeValue } from './describe-value.js';

const TARGET = /^target_(\d+)$/;
const TARGET_SRT = /^targetSrt_(\d+)$/;
const BOOLEAN_FIELDS = ['isDubbingOnly', 'isRemoveBGM', 'isCaptionFile'] as const;

/**
 * Checks the fields of a dubbing upload as they arrive in the multipart form (endpoint 4):
 * `file` present, `target_0` present, at most `target_9`, each target a language code listed once,
 * `targetSrt_N` only beside `target_N`, `original` a code or `auto`, `numberOfSpeakers` `auto`
 * or 1..5, the boolean flags `true`/`false`. Files are any non-string value. Never throws.
 *
 * @example
 * checkDubbingForm({ file: blob, target_0: 'ko-KR', targetSrt_1: blob })
 * // [{ path: ['targetSrt_1'], message: 'targetSrt_1 is given without target_1; …' }]
 */
export function checkDubbingForm(fields: Readonly<Record<string, unknown>>): Issue[] {
  const out: Issue[] = [];
  const has = (key: string) => Object.hasOwn(fields, key) && fields[key] !== undefined;
  if (!has('file')) out.push(issue({ code: 'missing', path: ['file'], message: 'file is required: the video to dub' }));
  else if (typeof fields['file'] === 'string')
    out.push(
      issue({ code: 'invalid_type', path: ['file'], message: 'file must be a file upload, received a text field' }),
    );
  if (!has('target_0'))
    out.push(
      issue({ code: 'missing', path: ['target_0'], message: 'target_0 is required: the first target language code' }),
    );

  const targetKeys = new Map<unknown, string>();
  for (const key of Object.keys(fields)) {
    const value = fields[key];
    const target = TARGET.exec(key);
    const srt = TARGET_SRT.exec(key);
    const index = Number((target ?? srt)?.[1]);
    if ((target !== null || srt !== null) && index >= DUBBING_LIMITS.maxTargets) {
      out.push(
        issue({
          code: 'too_big',
          path: [key],
          message: `${key} is beyond the limit of ${DUBBING_LIMITS.maxTargets} targets (target_0 … target_${DUBBING_LIMITS.maxTargets - 1})`,
        }),
      );
      continue;
    }
    if (target !== null) {
      if (!isLanguageCode(value))
        out.push(
          issue({
            code: 'invalid_value',
            path: [key],
            message: `${key} must be a language code from the spec's table (e.g. ko-KR), received ${describeValue(value)}`,
          }),
        );
      else if (targetKeys.has(value))
        out.push(
          issue({
            code: 'rule',
            path: [key],
            message: `${key} repeats ${targetKeys.get(value)} (${value}); list each language once`,
          }),
        );
      else targetKeys.set(value, key);
      if (index > 0 && !has(`target_${index - 1}`)) {
        out.push(
          issue({
            code: 'rule',
            severity: 'warning',
            path: [key],
            message: `${key} is given without target_${index - 1}; number targets from target_0 without gaps`,
          }),
        );
      }
    } else if (srt !== null) {
      if (!has(`target_${index}`))
        out.push(
          issue({
            code: 'rule',
            path: [key],
            message: `${key} is given without target_${index}; a subtitle file goes beside its target language`,
          }),
        );
    } else if (key === 'original') {
      if (value !== 'auto' && !isLanguageCode(value))
        out.push(
          issue({
            code: 'invalid_value',
            path: [key],
            message: `original must be auto or a language code from the spec's table, received ${describeValue(value)}`,
          }),
        );
    } else if (key === 'numberOfSpeakers') {
      if (typeof value !== 'string' || !/^(auto|[1-5])$/.test(value)) {
        out.push(
          issue({
            code: 'invalid_value',
            path: [key],
            message: `numberOfSpeakers must be auto or 1 to ${DUBBING_LIMITS.maxSpeakers}, received ${describeValue(value)}`,
          }),
        );
      }
    } else if ((BOOLEAN_FIELDS as readonly string[]).includes(key)) {
      if (value !== 'true' && value !== 'false')
        out.push(
          issue({
            code: 'invalid_value',
            path: [key],
            message: `${key} must be true or false, received ${describeValue(value)}`,
          }),
        );
    } else if (key !== 'file' && key !== 'originalSrt') {
      out.push(
        issue({
          code: 'quirk',
          severity: 'warning',
          path: [key],
          message: `unknown form field ${JSON.stringify(key)} is ignored`,
        }),
      );
    }
  }
  return out;
}

/**
 * Whether a form field name is one the dubbing upload defines (`file`, `originalSrt`, `target_N`,
 * `targetSrt_N`, `original`, `numberOfSpeakers` and the flags); others are ignored by the service.
 *
 * @example isDubbingFormField('target_3') // true
 * @example isDubbingFormField('comment') // false
 */
export function isDubbingFormField(name: string): boolean {
  return (
    TARGET.test(name) ||
    TARGET_SRT.test(name) ||
    ['file', 'originalSrt', 'original', 'numberOfSpeakers', ...BOOLEAN_FIELDS].includes(name)
  );
}
