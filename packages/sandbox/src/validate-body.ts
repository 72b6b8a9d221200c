import {
  checkRequest,
  findRequestIssues,
  formatPath,
  REQUEST_KIND_NAMES,
  type Issue,
  type RequestKind,
} from '@vsynth/core';
import { SandboxHttpError } from './sandbox-http-error.js';

/**
 * Checks a request body with `@vsynth/core`'s `checkRequest`, so the sandbox and the library
 * never disagree on what is valid. Invalid → 400 `invalid_request` listing every issue (errors
 * first, then warnings); valid → the parsed value (unknown fields kept) and the warnings.
 *
 * @example validateBody('modify', { projectId: 'p', updates: { title: 'Hi' } }).value
 */
export function validateBody(
  kind: RequestKind,
  body: unknown,
  subject: string = REQUEST_KIND_NAMES[kind],
): { value: unknown; warnings: readonly Issue[] } {
  const result = checkRequest(kind, body);
  if (result.ok) return { value: result.value, warnings: result.warnings };
  throw invalidRequest(subject, result.issues);
}

/**
 * {@link validateBody} for a caller that keeps the body itself: the same 400, without building a
 * parsed value it would not use.
 *
 * @example assertValidBody('create', body)
 */
export function assertValidBody(kind: RequestKind, body: unknown, subject: string = REQUEST_KIND_NAMES[kind]): void {
  const issues = findRequestIssues(kind, body);
  if (issues.some((i) => i.severity === 'error')) throw invalidRequest(subject, issues);
}

/** A 400 `invalid_request` whose message names the first error and counts the others. */
export function invalidRequest(subject: string, issues: readonly Issue[]): SandboxHttpError {
  const errors = issues.filter((i) => i.severity === 'error');
  const first = errors[0];
  const summary = first === undefined ? '' : `: ${first.message} at ${formatPath(first.path)}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new SandboxHttpError(400, 'invalid_request', `Invalid ${subject}${summary}${more}`, { issues });
}
