import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/**
 * A request or a wait took longer than allowed.
 *
 * @example new TimeoutError('GET /api/odin/v3/automation/translatevideos', 30000).message
 * // 'GET /api/odin/v3/automation/translatevideos timed out after 30000 ms. Raise timeoutMs or try again later.'
 */
export class TimeoutError extends VsynthError {
  override name = 'TimeoutError';
  readonly endpoint: string;
  readonly timeoutMs: number;

  constructor(endpoint: string, timeoutMs: number, options: VsynthErrorOptions = {}) {
    super('VSYNTH_TIMEOUT', `${endpoint} timed out after ${timeoutMs} ms. Raise timeoutMs or try again later.`, options);
    this.endpoint = endpoint;
    this.timeoutMs = timeoutMs;
  }
}

/**
 * True for a `TimeoutError`, also one thrown by a second installed copy of the library.
 *
 * @example if (isTimeoutError(error)) console.error(`gave up after ${error.timeoutMs} ms`)
 */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || (value instanceof Error && value.name === 'TimeoutError');
}
