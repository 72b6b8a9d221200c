import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

export interface ApiErrorOptions extends VsynthErrorOptions {
  readonly status: number;
  readonly statusText?: string;
  /** `METHOD /path`, without query string or host, e.g. `POST /api/odin/v3/project/modify`. */
  readonly endpoint: string;
  /** The response body, parsed as JSON when it was JSON, else its text. Secrets redacted. */
  readonly body?: unknown;
  /** A short reason taken from the body, when the service gave one. */
  readonly detail?: string;
  /** From a `Retry-After` header, in milliseconds. */
  readonly retryAfterMs?: number;
}

/** The service answered with an error status; see {@link ApiError.transient} for which are worth retrying. */
export class ApiError extends VsynthError {
  override name = 'ApiError';
  readonly status: number;
  readonly endpoint: string;
  readonly body: unknown;
  readonly retryAfterMs: number | undefined;

  constructor(options: ApiErrorOptions) {
    const statusText = options.statusText ? ` ${options.statusText}` : '';
    const detail = options.detail ? `: ${options.detail}` : '';
    const message = `Request failed with status ${options.status}${statusText}: ${options.endpoint}${detail}`;
    super('VSYNTH_API', message, options);
    this.status = options.status;
    this.endpoint = options.endpoint;
    this.body = options.body;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** 408, 429 and 5xx may succeed when tried again later; other 4xx will fail again. */
  get transient(): boolean {
    return this.status === 408 || this.status === 429 || this.status >= 500;
  }
}

/** True for an `ApiError`, also one thrown by a second installed copy of the library. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError || (value instanceof Error && value.name === 'ApiError');
}
