import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** A batch could not start or continue: unreadable journal, quota guard tripped, bad options. */
export class BatchError extends VsynthError {
  override name = 'BatchError';
}

/** True for a `BatchError`, also one thrown by a second installed copy of the library. */
export function isBatchError(value: unknown): value is BatchError {
  return value instanceof BatchError || (value instanceof Error && value.name === 'BatchError');
}

/** A `BatchError` with code `VSYNTH_BATCH`. */
export function batchError(message: string, options: VsynthErrorOptions = {}): BatchError {
  return new BatchError('VSYNTH_BATCH', message, options);
}
