import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** A request or a wait took longer than allowed. */
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

export function isTimeoutError(value: unknown): value is TimeoutError {
  return value instanceof TimeoutError || (value instanceof Error && value.name === 'TimeoutError');
}
