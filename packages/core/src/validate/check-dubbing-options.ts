import { issue, type Issue } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { dubbingOptionsSchema, type DubbingOptions } from '../schemas/dubbing.js';
import { isLanguageCode } from '../schemas/language.js';
import { isRecord } from './describe-value.js';
import { safeParseReportingInput } from './safe-parse-reporting-input.js';
import { zodIssuesToIssues } from './zod-issues-to-issues.js';

/**
 * Checks dubbing upload options before they are encoded as multipart fields: 1..10 targets from
 * the language table, no target twice, subtitle files only for listed targets, speakers `auto`
 * or 1..5. Returns every issue (empty when valid); never throws.
 *
 * @example checkDubbingOptions({ targets: ['ko-KR'], targetSrts: { 'ja-JP': file } })
 * // [{ path: ['targetSrts', 'ja-JP'],
 * //    message: 'targetSrts has a subtitle file for "ja-JP", which is not among targets (ko-KR); …' }]
 */
export function checkDubbingOptions(input: unknown): Issue[] {
  const out: Issue[] = [];
  const result = safeParseReportingInput(dubbingOptionsSchema, input);
  if (!result.success) out.push(...zodIssuesToIssues(result.error, { input, rootName: 'the dubbing options' }));
  if (!isRecord(input)) return out;
  const targets = Array.isArray(input['targets']) ? input['targets'] : [];
  const first = new Map<unknown, number>();
  targets.forEach((target, index) => {
    const seen = first.get(target);
    if (seen === undefined) first.set(target, index);
    else {
      out.push(
        issue({
          code: 'rule',
          path: ['targets', index],
          message: `target ${JSON.stringify(target)} is listed twice (targets[${seen}]); list each language once`,
        }),
      );
    }
  });
  const srts = input['targetSrts'];
  if (isRecord(srts)) {
    const listed = targets.filter((t): t is string => typeof t === 'string');
    for (const code of Object.keys(srts)) {
      if (srts[code] === undefined || listed.includes(code) || !isLanguageCode(code)) continue; // unknown codes: reported by the schema
      out.push(
        issue({
          code: 'rule',
          path: ['targetSrts', code],
          message: `targetSrts has a subtitle file for ${JSON.stringify(code)}, which is not among targets (${listed.join(', ') || 'none'}); add it to targets or remove the file`,
        }),
      );
    }
  }
  if (typeof input['original'] === 'string' && targets.includes(input['original'])) {
    out.push(
      issue({
        code: 'rule',
        severity: 'warning',
        path: ['original'],
        message: `original ${JSON.stringify(input['original'])} is also a target: dubbing into the video's own language`,
      }),
    );
  }
  return out;
}

/**
 * Returns the options when {@link checkDubbingOptions} finds no error, else throws one
 * `ValidationError` listing every issue.
 *
 * @example const options = parseDubbingOptions({ targets: ['ko-KR', 'ja-JP'], numberOfSpeakers: 'auto' })
 */
export function parseDubbingOptions(input: unknown): DubbingOptions {
  const issues = checkDubbingOptions(input);
  if (issues.some((i) => i.severity === 'error')) throw new ValidationError(issues, { subject: 'dubbing options' });
  return dubbingOptionsSchema.parse(input);
}
