import { ValidationError } from '../errors/validation-error.js';
import type { Issue } from '../errors/issue.js';
import { checkRequest } from './check-request.js';
import { REQUEST_KIND_NAMES, type RequestKind, type RequestOfKind } from './request-kind.js';

/** Options of {@link parseRequest}. */
export interface ParseRequestOptions {
  /** What is validated, for the error message, e.g. `examples/promo.json`. Default: the kind's name. */
  readonly subject?: string;
}

/**
 * Like `checkRequest`, but returns the parsed value and its warnings, or throws one
 * `ValidationError` listing every issue (errors and warnings, each with its path).
 *
 * @example
 * const { value, warnings } = parseRequest('modify', body, { subject: 'rows.csv row 3' })
 */
export function parseRequest<K extends RequestKind>(
  kind: K,
  input: unknown,
  options: ParseRequestOptions = {},
): { value: RequestOfKind[K]; warnings: Issue[] } {
  const result = checkRequest(kind, input);
  if (!result.ok) throw new ValidationError(result.issues, { subject: options.subject ?? REQUEST_KIND_NAMES[kind] });
  return { value: result.value, warnings: result.warnings };
}
