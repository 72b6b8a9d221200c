import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** A request or a wait took longer than allowed. */
export class TimeoutError extends VsynthError {
  override name = 'TimeoutError';
  readonly endpoint: string;
  readonly timeoutMs: number;

  constructor(endpoint: string, timeoutMs: number, options: VsynthErrorOptions = {}) {
    const message = `${endpoint} timed out after ${timeoutMs} ms. Raise timeoutMs or try again later.`;
    super('VSYNTH_TIMEOUT', message, options);
    this.endpoint = endpoint;
    this.timeoutMs = timeoutMs;
  }
}

/** True for a `TimeoutError`, also one thrown by a second installed copy of the library. */
export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || (value instanceof Error && value.name === 'TimeoutError');
}
