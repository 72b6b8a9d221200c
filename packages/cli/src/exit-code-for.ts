import {
  isApiError,
  isBatchError,
  isNetworkError,
  isTemplateError,
  isTimeoutError,
  isUsageError,
  isValidationError,
  isVsynthError,
} from '@vsynth/core';
import { ExitCode } from './exit-codes.js';

/**
 * Maps an error thrown by a command to the exit code a build script can act on. Apart from
 * exit-codes.ts because it needs @vsynth/core, which `vsynth --help` must not load.
 *
 * @example exitCodeFor(new UsageError('bad option')) // 2
 */
export function exitCodeFor(error: unknown): ExitCode {
  if (isUsageError(error)) return ExitCode.usage;
  // Missing credentials or base URL: the user fixes the command line or the environment.
  if (isVsynthError(error) && error.code === 'VSYNTH_CONFIG') return ExitCode.usage;
  if (isValidationError(error) || isTemplateError(error)) return ExitCode.invalidInput;
  if (isApiError(error)) return error.transient ? ExitCode.transientFailure : ExitCode.permanentApiFailure;
  if (isNetworkError(error) || isTimeoutError(error)) return ExitCode.transientFailure;
  // Cancelled before an answer: nothing says the input is wrong, so running again may succeed.
  if (isVsynthError(error) && error.code === 'VSYNTH_ABORTED') return ExitCode.transientFailure;
  if (isBatchError(error)) return ExitCode.batchHadFailures;
  return ExitCode.internal;
}
