import { UsageError } from '../errors/usage-error.js';
import type { Issue } from '../errors/issue.js';
import { copyJsonData } from './copy-json-data.js';
import { findNonJsonData } from './find-non-json-data.js';
import { findUnknownFields } from './find-unknown-fields.js';
import {
  REQUEST_KINDS,
  REQUEST_RULES,
  REQUEST_SCHEMAS,
  isRequestKind,
  type RequestKind,
  type RequestOfKind,
} from './request-kind.js';
import { safeParseReportingInput } from './safe-parse-reporting-input.js';
import { zodIssuesToIssues } from './zod-issues-to-issues.js';

export type CheckResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: Issue[] }
  | { readonly ok: false; readonly issues: Issue[] };

/**
 * Validates a request body of the given kind and reports every problem at once: schema errors, the
 * spec's cross-field rules (errors), and quirks of real payloads and unknown fields (warnings).
 * Never throws for any input but an unknown `kind` (`UsageError`); `value` is a deep copy of the
 * input, keys in the input's order.
 *
 * @example
 * const result = checkRequest('create', JSON.parse(text))
 * if (!result.ok) console.error(formatIssues(result.issues))
 * else for (const warning of result.warnings) console.warn(formatIssue(warning))
 */
export function checkRequest<K extends RequestKind>(kind: K, input: unknown): CheckResult<RequestOfKind[K]> {
  const issues = findRequestIssues(kind, input);
  if (issues.some((i) => i.severity === 'error')) return { ok: false, issues };
  return { ok: true, value: copyJsonData(input) as RequestOfKind[K], warnings: issues };
}

/**
 * The issues `checkRequest` would report, errors first, without copying the input (for a caller
 * that keeps its own input, like compile). Throws `UsageError` only for an unknown `kind`.
 *
 * @example
 * const issues = findRequestIssues('create', payload)
 * if (issues.some((i) => i.severity === 'error')) console.error(formatIssues(issues))
 */
export function findRequestIssues(kind: RequestKind, input: unknown): Issue[] {
  if (!isRequestKind(kind)) {
    throw new UsageError(`Unknown request kind ${JSON.stringify(kind)}: use one of ${REQUEST_KINDS.join(', ')}`);
  }
  // Checked first: a cycle would make the walks below loop, a throwing getter would escape.
  const notData = findNonJsonData(input);
  if (notData !== undefined) return [notData];
  const schema = REQUEST_SCHEMAS[kind];
  const parsed = safeParseReportingInput(schema, input);
  const issues = [
    ...(parsed.success ? [] : zodIssuesToIssues(parsed.error, { input })),
    ...REQUEST_RULES[kind](input),
    ...findUnknownFields(schema, input),
  ];
  return [...issues.filter((i) => i.severity === 'error'), ...issues.filter((i) => i.severity !== 'error')];
}
