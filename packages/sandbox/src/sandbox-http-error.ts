import type { Issue } from '@vsynth/core';

/** Stable `error.code` values of the sandbox's error bodies. */
export type SandboxErrorCode =
  | 'invalid_request'
  | 'invalid_json'
  | 'unauthorized'
  | 'token_expired'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'unavailable'
  | 'internal';

/**
 * The body of every error answer:
 * `{success: false, error: {code, message, issues: [{code, severity, path, message}]}}`.
 * `issues` is empty unless the request body was invalid; `path` is the same array of keys and
 * indices as in `@vsynth/core` issues.
 */
export interface SandboxErrorBody {
  readonly success: false;
  readonly error: {
    readonly code: SandboxErrorCode;
    readonly message: string;
    readonly issues: readonly Issue[];
  };
}

/**
 * Thrown by route handlers to answer with an error status and the documented error body.
 *
 * @example throw new SandboxHttpError(404, 'not_found', `No project ${id} for this key`);
 */
export class SandboxHttpError extends Error {
  override name = 'SandboxHttpError';
  readonly status: number;
  readonly code: SandboxErrorCode;
  readonly issues: readonly Issue[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: number,
    code: SandboxErrorCode,
    message: string,
    options: { issues?: readonly Issue[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.issues = options.issues ?? [];
    this.headers = options.headers ?? {};
  }

  get body(): SandboxErrorBody {
    return { success: false, error: { code: this.code, message: this.message, issues: this.issues } };
  }
}
