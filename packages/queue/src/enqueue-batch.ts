import { createHash } from 'node:crypto';
import { UsageError } from '@vsynth/core';
import type { RowResult } from '@vsynth/batch';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAME, batchKeys, type QueuedBatchSettings, type RowJobData } from './batch-keys.js';
import { retainBatch } from './retain-batch.js';
import { NOT_SENT } from './settle-queued-row.js';
import { parseRowResult, parseSettings } from './queue-records.js';

export interface EnqueueBatchOptions {
  readonly redis: Redis;
  readonly settings: QueuedBatchSettings;
  readonly jobs: readonly RowJobData[];
  /** Rows that did not bind or validate: written to the batch's results as failed/invalid, not enqueued. */
  readonly invalid: readonly RowResult[];
  /** Enqueue again the rows whose result is `unknown` (their jobs carry `resendUnknown`: they are sent). */
  readonly resendUnknown?: boolean;
}

export interface EnqueuedBatch {
  readonly batchId: string;
  /** Jobs added by this call; `existing` counts those an earlier call for the same batch id added. */
  readonly added: number;
  readonly existing: number;
}

/**
 * Stores a batch's settings and adds one job per row, idempotently (the job id is batch id, row and
 * row key). A batch id already stored for another template or row count is refused.
 *
 * @example await enqueueBatch({ redis, settings, jobs, invalid: [] }) // { batchId: 'b1', added: 300, existing: 0 }
 */
export async function enqueueBatch(options: EnqueueBatchOptions): Promise<EnqueuedBatch> {
  const { redis, settings } = options;
  const keys = batchKeys(settings.batchId);
  const stored = await redis.get(keys.settings);
  if (stored !== null) {
    const previous = parseSettings(settings.batchId, keys.settings, stored);
    if (previous.template !== settings.template || previous.rows !== settings.rows) {
      throw new UsageError(
        `The queue already holds batch ${settings.batchId} with the ${previous.template} over ${previous.rows} rows; it differs from this one. Choose another \`batchId\`.`,
      );
    }
  } else {
    await redis.set(keys.settings, JSON.stringify(settings), 'NX');
  }
  for (const result of options.invalid) await redis.hsetnx(keys.results, String(result.row), JSON.stringify(result));

  const queue = new Queue<RowJobData>(QUEUE_NAME, { connection: redis });
  let added = 0;
  let existing = 0;
  try {
    for (let start = 0; start < options.jobs.length; start += 500) {
      const chunk = options.jobs.slice(start, start + 500);
      const ids = chunk.map((job) => rowJobId(job.batchId, job.row, job.rowKey));
      const known = await redis.hmget(keys.results, ...chunk.map((job) => String(job.row)));
      // Jobs BullMQ still holds (waiting, active, delayed) are not added again.
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.exists(`bull:${QUEUE_NAME}:${id}`);
      const held = ((await pipeline.exec()) ?? []).map(([, value]) => value === 1);
      const fresh: { name: string; data: RowJobData; opts: { jobId: string } & typeof JOB_OPTIONS }[] = [];
      for (let index = 0; index < chunk.length; index++) {
        const job = chunk[index]!;
        const id = ids[index]!;
        const knownResult = known[index];
        const previous =
          knownResult === null || knownResult === undefined
            ? undefined
            : parseRowResult(settings.batchId, `${keys.results} row ${job.row}`, knownResult);
        const resend = options.resendUnknown === true && previous?.status === 'unknown';
        // A row a person settled as never sent is sent by enqueueing the batch again.
        if (resend || (previous?.status === 'failed' && previous.reason === NOT_SENT)) {
          // The row goes back to waiting: its result is removed until a worker settles it again.
          await redis.hdel(keys.results, String(job.row));
          const data = resend ? { ...job, resendUnknown: true } : job;
          fresh.push({ name: 'row', data, opts: { jobId: id, ...JOB_OPTIONS } });
          continue;
        }
        if (knownResult !== null || held[index]) {
          existing += 1;
          continue;
        }
        fresh.push({ name: 'row', data: job, opts: { jobId: id, ...JOB_OPTIONS } });
      }
      if (fresh.length > 0) await queue.addBulk(fresh);
      added += fresh.length;
    }
  } finally {
    await queue.close();
  }
  await retainBatch(redis, settings.batchId, settings.retentionDays);
  return { batchId: settings.batchId, added, existing };
}

const JOB_OPTIONS = {
  removeOnComplete: true,
  removeOnFail: false,
  attempts: 20,
  backoff: { type: 'fixed', delay: 1000 },
} as const;

/**
 * The job id of a row: batch id, row number and a hash of the row key (BullMQ ids cannot hold `:`).
 *
 * @example rowJobId('b1', 3, 'ada@example.com') // 'b1.3.Xk9…'
 */
export function rowJobId(batchId: string, row: number, rowKey: string): string {
  return `${batchId}.${row}.${createHash('sha256').update(rowKey).digest('base64url').slice(0, 10)}`;
}
