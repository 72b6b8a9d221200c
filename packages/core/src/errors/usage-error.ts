import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** The caller used the library or the CLI wrongly: a bad option, a missing file, a wrong argument. */
export class UsageError extends VsynthError {
  override name = 'UsageError';

  constructor(message: string, options: VsynthErrorOptions = {}) {
    super('VSYNTH_USAGE', message, options);
  }
}

/** True for a `UsageError`, also one thrown by a second installed copy of the library. */
export function isUsageError(value: unknown): value is UsageError {
  return value instanceof UsageError || (value instanceof Error && value.name === 'UsageError');
}
