import { UsageError, omitUndefined } from '@vsynth/core';
import { BatchTally, correlationId, withDelivery, type RowResult, type RowState } from '@vsynth/batch';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { parseDelivery, parseRowResult, parseRowState, parseSettings } from './queue-records.js';

export interface QueuedBatchStatus {
  readonly batchId: string;
  readonly template: string;
  readonly rows: number;
  /** Rows not picked up by a worker yet. */
  readonly waiting: number;
  /** Rows a worker has sent (or is sending) without a final result yet. */
  readonly active: number;
  readonly done: number;
  readonly failed: number;
  readonly unknown: number;
  readonly failedByReason: Readonly<Record<string, number>>;
  readonly cubes: number;
  /** Rows settled per second since the first request. */
  readonly rowsPerSecond: number;
  readonly finished: boolean;
  /** Why the batch stopped sending (max_cubes, or another row's error), if it did. */
  readonly stopped?: string;
}

/**
 * Reads a queued batch: counts, cubes and each row's result (sorted by row).
 *
 * @example const { status, results } = await readBatch(redis, 'b1'); console.log(status.done, status.finished);
 */
export async function readBatch(
  redis: Redis,
  batchId: string,
): Promise<{ status: QueuedBatchStatus; results: RowResult[] }> {
  const keys = batchKeys(batchId);
  const [settingsText, resultTexts, rowTexts, started, stop, last, deliveries] = await Promise.all([
    redis.get(keys.settings),
    redis.hgetall(keys.results),
    redis.hlen(keys.rows),
    redis.get(keys.started),
    redis.get(keys.stop),
    redis.get(keys.last),
    redis.hgetall(keys.deliveries),
  ]);
  if (settingsText === null)
    throw new UsageError(
      `The queue has no batch ${batchId}. Check \`batchId\` and \`queue\` (the id is printed when the batch is enqueued).`,
    );
  const settings = parseSettings(batchId, keys.settings, settingsText);
  const results = Object.entries(resultTexts)
    .map(([row, text]) =>
      joinDelivery(batchId, parseRowResult(batchId, `${keys.results} row ${row}`, text), deliveries),
    )
    .sort((a, b) => a.row - b.row);
  const tally = new BatchTally();
  let attemptedWithResult = 0;
  for (const result of results) {
    tally.add(result);
    if (result.attempts > 0) attemptedWithResult += 1;
  }
  const { done, failed, unknown, cubes, failedByReason } = tally;
  const active = Math.max(0, rowTexts - attemptedWithResult);
  const settled = results.length;
  const finished = settled >= settings.rows;
  // Up to the last result of a finished batch; up to now while it runs.
  const end = finished && last !== null ? Date.parse(last) : Date.now();
  const elapsed = started === null ? 0 : (end - Date.parse(started)) / 1000;
  const stopped = stop === null ? undefined : stopReason(stop);
  return {
    status: {
      batchId,
      template: settings.template,
      rows: settings.rows,
      waiting: Math.max(0, settings.rows - settled - active),
      active,
      done,
      failed,
      unknown,
      failedByReason,
      cubes,
      rowsPerSecond: elapsed > 0 ? Math.round((settled / elapsed) * 10) / 10 : 0,
      finished,
      ...omitUndefined({ stopped }),
    },
    results,
  };
}

/**
 * Every row's recorded state: attempts, outcome, correlation id (for tests and tools).
 *
 * @example const states = await rowStates(redis, 'b1'); states.get(3)?.status // 'done'
 */
export async function rowStates(redis: Redis, batchId: string): Promise<Map<number, RowState>> {
  const { rows } = batchKeys(batchId);
  const all = await redis.hgetall(rows);
  return new Map(
    Object.entries(all).map(([row, text]) => [Number(row), parseRowState(batchId, `${rows} row ${row}`, text)]),
  );
}

/** A done or unknown row whose export was delivered (its correlation id): done, with videoUrl and duration. */
function joinDelivery(batchId: string, result: RowResult, deliveries: Record<string, string>): RowResult {
  const text = deliveries[String(result.row)];
  if (text === undefined || (result.status !== 'done' && result.status !== 'unknown')) return result;
  const delivery = parseDelivery(batchId, `${batchKeys(batchId).deliveries} row ${result.row}`, text);
  return delivery.cid === correlationId(batchId, result.row) ? withDelivery(result, delivery) : result;
}

/** Why the batch stopped, from its `:stop` key (`{reason, message}`; any other text is the reason itself). */
export function stopReason(text: string): string {
  try {
    const reason = (JSON.parse(text) as { reason?: unknown } | null)?.reason;
    return typeof reason === 'string' ? reason : text;
  } catch {
    return text;
  }
}
