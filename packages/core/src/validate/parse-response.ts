import type { z } from 'zod';
import { ApiError } from '../errors/api-error.js';
import { formatPath } from '../errors/format-issues.js';
import { isRecord } from './describe-value.js';
import { safeParseReportingInput } from './safe-parse-reporting-input.js';
import { zodIssuesToIssues } from './zod-issues-to-issues.js';

/** Options of {@link parseResponse}. */
export interface ParseResponseOptions {
  /** `METHOD /path`, e.g. `POST /api/odin/v3/editor/project`, for error messages. */
  readonly endpoint: string;
  /** The HTTP status of the answer. Default 200. */
  readonly status?: number;
}

/**
 * Reads a service answer bare (`{projectId}`) or enveloped (`{success, data: {projectId}}`; the
 * legacy `{success, cube_used, key}` also as `{success, data: {cube_used, key}}`).
 * A body with `success: false` throws `ApiError` (with the service's message as detail); a body
 * that does not fit `schema` throws `ApiError` naming the first problems.
 *
 * @example
 * const { projectId } = parseResponse(projectCreateResponseSchema, await response.json(), {
 *   endpoint: 'POST /api/odin/v3/editor/project',
 * })
 */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  body: unknown,
  options: ParseResponseOptions,
): z.output<S> {
  const status = options.status ?? 200;
  if (isRecord(body) && body['success'] === false) {
    const detail = detailOf(body);
    throw new ApiError({
      status,
      endpoint: options.endpoint,
      body,
      detail:
        detail === undefined
          ? 'the service answered success: false'
          : `the service answered success: false (${detail})`,
    });
  }
  const enveloped = isRecord(body) && body['success'] === true && body['data'] !== undefined;
  if (enveloped) {
    const data = body['data'];
    const inner = schema.safeParse(data);
    if (inner.success) return inner.data;
    // An answer whose own fields include `success` (the legacy create answer) may leave it to the envelope.
    if (isRecord(data) && !Object.hasOwn(data, 'success')) {
      const lifted = schema.safeParse({ success: true, ...data });
      if (lifted.success) return lifted.data;
    }
  }
  const bare = safeParseReportingInput(schema, body);
  if (bare.success) return bare.data;
  const source = enveloped ? body['data'] : body;
  const failure = enveloped ? schema.safeParse(source, { reportInput: true }) : bare;
  const issues = failure.success
    ? []
    : zodIssuesToIssues(failure.error, {
        input: source,
        rootName: enveloped ? 'the response data' : 'the response body',
      });
  const listed = issues
    .slice(0, 3)
    .map((i) => `${i.message}${i.path.length > 0 ? ` at ${enveloped ? 'data.' : ''}${formatPath(i.path)}` : ''}`)
    .join('; ');
  throw new ApiError({
    status,
    endpoint: options.endpoint,
    body,
    detail: `unexpected response body: ${listed}${issues.length > 3 ? `; and ${issues.length - 3} more` : ''}`,
  });
}

function detailOf(body: Record<string, unknown>): string | undefined {
  const candidates = [
    body['message'],
    body['error'],
    isRecord(body['error']) ? body['error']['message'] : undefined,
    isRecord(body['data']) ? body['data']['message'] : undefined,
  ];
  const text = candidates.find((c): c is string => typeof c === 'string' && c !== '');
  if (text === undefined) return undefined;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
