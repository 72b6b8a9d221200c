import { UsageError } from '@vsynth/core';

/**
 * The usage error for a data file that cannot be opened or read (missing, a directory, no
 * permission), or undefined when `error` is not a file system error (a parse error, say).
 *
 * @example throw cannotRead('people.ndjson', error) ?? error;
 */
export function cannotRead(name: string, error: unknown): UsageError | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !/^E[A-Z]+$/.test(code)) return undefined;
  return new UsageError(`Cannot read data file ${name}: ${(error as Error).message}`, { cause: error });
}
