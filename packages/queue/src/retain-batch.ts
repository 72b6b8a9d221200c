import { UsageError } from '@vsynth/core';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAME, batchKeys, type RowJobData } from './batch-keys.js';

/** How long a queued batch's keys live after its last activity, unless `retentionDays` says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;

/**
 * Sets the batch's keys to expire `days` after now; called when the batch is enqueued and each time
 * a worker settles one of its rows, so a batch expires that long after its last activity. The
 * rate limiter's own short-lived keys keep their expiry.
 *
 * @example await retainBatch(redis, 'b1', 30)
 */
export async function retainBatch(redis: Redis, batchId: string, days: number = DEFAULT_RETENTION_DAYS): Promise<void> {
  const { next: _next, pause: _pause, ...kept } = batchKeys(batchId);
  const pipeline = redis.pipeline();
  for (const key of Object.values(kept)) pipeline.expire(key, Math.round(days * 86_400));
  await pipeline.exec();
}

/**
 * Removes a queued batch: its keys and its jobs still in the queue. Refused while rows of it are
 * in flight (a worker would record them into removed keys).
 *
 * @example await forgetBatch(redis, 'b1') // { keys: 7, jobs: 0 }
 */
export async function forgetBatch(redis: Redis, batchId: string): Promise<{ keys: number; jobs: number }> {
  const queue = new Queue<RowJobData>(QUEUE_NAME, { connection: redis });
  try {
    const active = (await queue.getJobs(['active'])).filter((job) => job?.data?.batchId === batchId);
    if (active.length > 0) {
      throw new UsageError(
        `Batch ${batchId} has ${active.length} row${active.length === 1 ? '' : 's'} in flight; stop its workers (or wait for them), then forget it.`,
      );
    }
    const queued = (await queue.getJobs(['waiting', 'delayed', 'paused', 'prioritized', 'failed', 'completed'])).filter(
      (job) => job?.data?.batchId === batchId,
    );
    for (const job of queued) await job.remove();
    const keys = await redis.del(...Object.values(batchKeys(batchId)));
    return { keys, jobs: queued.length };
  } finally {
    await queue.close();
  }
}
