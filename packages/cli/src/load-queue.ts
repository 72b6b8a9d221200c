/**
 * `@vsynth/queue` (BullMQ and Redis) is an optional peer of the CLI, so a project that never runs
 * `--queue` does not install it; the commands that need it load it here.
 */
import { UsageError } from '@vsynth/core';

export type QueueModule = typeof import('@vsynth/queue');

/** Imports `@vsynth/queue`; a usage error naming the package to add when it is not installed. */
export async function loadQueue(): Promise<QueueModule> {
  try {
    return await import('@vsynth/queue');
  } catch (error) {
    throw queueMissing(error) ?? error;
  }
}

/** The usage error for `error` when it says `@vsynth/queue` is not installed; otherwise undefined. */
export function queueMissing(error: unknown): UsageError | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (code !== 'ERR_MODULE_NOT_FOUND' || !String(message).includes("'@vsynth/queue'")) return undefined;
  return new UsageError(
    'the Redis queue needs the package @vsynth/queue, which is not installed: npm install @vsynth/queue',
  );
}
