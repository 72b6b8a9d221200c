/** Stable codes of every error vsynth throws; safe to switch on. */
export type VsynthErrorCode =
  | 'VSYNTH_VALIDATION'
  | 'VSYNTH_API'
  | 'VSYNTH_NETWORK'
  | 'VSYNTH_TIMEOUT'
  | 'VSYNTH_TEMPLATE'
  | 'VSYNTH_BATCH'
  | 'VSYNTH_USAGE'
  | 'VSYNTH_CONFIG'
  | 'VSYNTH_ABORTED';

export interface VsynthErrorOptions {
  readonly cause?: unknown;
}

/**
 * The base of every error vsynth throws: `code` is stable across versions, `message` says what was wrong,
 * where, and what to do.
 *
 * @example
 * try { await client.createProject(payload) } catch (error) {
 *   if (isVsynthError(error)) console.error(error.code, error.message)
 * }
 */
export class VsynthError extends Error {
  override name = 'VsynthError';
  readonly code: VsynthErrorCode;

  constructor(code: VsynthErrorCode, message: string, options: VsynthErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
  }
}

/** True for any vsynth error, also one thrown by a second installed copy of the library. */
export function isVsynthError(value: unknown): value is VsynthError {
  if (value instanceof VsynthError) return true;
  const code: unknown = value instanceof Error ? (value as { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('VSYNTH_');
}
