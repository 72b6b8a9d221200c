import { ApiError } from '../errors/api-error.js';
import { formatPath } from '../errors/format-issues.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { redactSecrets } from './redact-secrets.js';
import { parseRetryAfter } from './parse-retry-after.js';

export interface ApiErrorFromResponseOptions {
  readonly status: number;
  readonly statusText?: string | undefined;
  readonly endpoint: string;
  /** The response body as text. */
  readonly bodyText: string;
  /** The `Retry-After` header, when present. */
  readonly retryAfter?: string | null | undefined;
  /** Secrets to remove from the body and the message. */
  readonly secrets: Iterable<string>;
  /** Current time in epoch ms, for `Retry-After` dates. */
  readonly now: number;
}

/**
 * Builds the `ApiError` for an error response: the body parsed as JSON when it is JSON, every
 * secret redacted, a short reason taken from the body, and advice for the statuses users meet.
 *
 * @example
 * apiErrorFromResponse({
 *   status: 404,
 *   endpoint: 'POST /api/odin/simple/find/k1',
 *   bodyText: '{"message":"not found"}',
 *   secrets: [],
 *   now: Date.now(),
 * })
 */
export function apiErrorFromResponse(options: ApiErrorFromResponseOptions): ApiError {
  const secrets = [...options.secrets];
  // Cut after redacting: a cut through a secret would leave its first characters.
  const redacted = redactSecrets(parseBody(options.bodyText), secrets);
  const body = typeof redacted === 'string' && redacted.length > 2000 ? `${redacted.slice(0, 2000)}…` : redacted;
  const retryAfterMs = parseRetryAfter(options.retryAfter, options.now);
  const reason = reasonFrom(body);
  const advice = adviceFor(options.status, retryAfterMs);
  const detail = [reason?.replace(/[.\s]+$/, ''), advice]
    .filter((part) => part !== undefined && part !== '')
    .join('. ');
  return new ApiError({
    status: options.status,
    ...(options.statusText ? { statusText: options.statusText } : {}),
    endpoint: options.endpoint,
    body,
    ...(detail === '' ? {} : { detail: redactSecrets(detail, secrets) }),
    ...omitUndefined({ retryAfterMs }),
  });
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A short reason from the usual places a service puts one. */
function reasonFrom(body: unknown): string | undefined {
  if (typeof body === 'string') return body.length > 200 ? `${body.slice(0, 200)}…` : body.trim() || undefined;
  if (body === null || typeof body !== 'object') return undefined;
  let record = body as Record<string, unknown>;
  // `{success: false, error: {code, message, issues}}` keeps the reason one level down.
  const nested = record['error'];
  if (nested !== null && typeof nested === 'object' && !Array.isArray(nested))
    record = nested as Record<string, unknown>;
  const issues = Array.isArray(record['issues']) && record['issues'].length > 0 ? record['issues'] : undefined;
  const parts: string[] = [];
  for (const key of ['message', 'error', 'msg', 'detail']) {
    const value = record[key];
    if (typeof value === 'string' && value !== '') {
      // Parts are joined with "; ": a sentence's closing period would read "apply.; updates…".
      parts.push(value.replace(/[.\s]+$/, ''));
      break;
    }
  }
  if (issues !== undefined) parts.push(...issues.slice(0, 5).map(describeIssue));
  if (issues !== undefined && issues.length > 5) parts.push(`and ${issues.length - 5} more`);
  return parts.length === 0 ? undefined : parts.join('; ');
}

function describeIssue(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  const { path, message } = value as { path?: unknown; message?: unknown };
  const where = Array.isArray(path)
    ? formatPath(path.filter((s): s is string | number => typeof s === 'string' || typeof s === 'number'))
    : undefined;
  const text = typeof message === 'string' ? message : JSON.stringify(value);
  return where === undefined ? text : `${where}: ${text}`;
}

function adviceFor(status: number, retryAfterMs: number | undefined): string | undefined {
  if (status >= 300 && status < 400)
    return 'The service redirected the request, and redirects are not followed; set the base URL to the address it redirects to';
  if (status === 401)
    return 'The service refused the credentials; check VSYNTH_API_KEY, VSYNTH_TOKEN or VSYNTH_APP_ID/VSYNTH_USER_KEY';
  if (status === 403) return 'The credentials are not allowed to do this';
  if (status === 404) return 'Check the id or key; items created with another API key are not visible';
  if (status === 429)
    return retryAfterMs === undefined
      ? 'Rate limited; wait and try again'
      : `Rate limited; retry after ${Math.ceil(retryAfterMs / 1000)} s`;
  if (status >= 500) return 'The service failed; try again later';
  return undefined;
}
