import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/**
 * A batch could not start or continue: unreadable journal, quota guard tripped, bad options.
 *
 * @example throw batchError('journal people.journal.ndjson belongs to another data file; pass a new --journal')
 */
export class BatchError extends VsynthError {
  override name = 'BatchError';
}

/**
 * True for a `BatchError`, also one thrown by a second installed copy of the library.
 *
 * @example if (isBatchError(error)) process.exitCode = 6
 */
export function isBatchError(value: unknown): value is BatchError {
  return value instanceof BatchError || (value instanceof Error && value.name === 'BatchError');
}

/**
 * A `BatchError` with code `VSYNTH_BATCH`.
 *
 * @example throw batchError('the estimate of 620 cubes exceeds --max-cubes 500')
 */
export function batchError(message: string, options: VsynthErrorOptions = {}): BatchError {
  return new BatchError('VSYNTH_BATCH', message, options);
}
