/**
 * `batch unknown` and `batch settle` of a queued batch: its rows whose result is unknown, with what
 * finds each at the service, and what a person found for one, recorded in Redis as the local
 * batch records it in its journal.
 */
import { UsageError, omitUndefined } from '@vsynth/core';
import {
  checkSettleRowOptions,
  failedResult,
  unknownRow,
  type RowResult,
  type RowState,
  type SettleRowOptions,
  type UnknownRow,
} from '@vsynth/batch';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { DamagedQueueError, parseSettings } from './queue-records.js';
import { readBatch } from './read-batch.js';
import { RedisStore } from './redis-store.js';
import { retainBatch } from './retain-batch.js';

/**
 * The rows of a queued batch whose result is unknown (a delivery that came since counts as done),
 * in row order.
 *
 * @example for (const row of await unknownQueuedRows(redis, 'b1')) console.log(row.row, row.projectName);
 */
export async function unknownQueuedRows(redis: Redis, batchId: string): Promise<UnknownRow[]> {
  const { results } = await readBatch(redis, batchId);
  const store = new RedisStore(redis, batchId);
  const rows: UnknownRow[] = [];
  for (const result of results) {
    if (result.status !== 'unknown') continue;
    const state = await readableState(store, result.row);
    rows.push(state === undefined ? unknownOfResult(result) : unknownRow(result.row, state));
  }
  return rows;
}

/**
 * Records what a person found for an unknown row of a queued batch: `done` (its result becomes done
 * with the project found; no worker sends it) or `notSent` (its result becomes failed `not_sent`;
 * enqueueing the batch again sends it). Refused for a row whose result is not unknown.
 *
 * @example await settleQueuedRow(redis, 'b1', { row: 12, done: 'p-81f2' })
 */
export async function settleQueuedRow(redis: Redis, batchId: string, options: SettleRowOptions): Promise<RowState> {
  checkSettleRowOptions(options);
  const { row } = options;
  const { results } = await readBatch(redis, batchId);
  const result = results.find((candidate) => candidate.row === row);
  if (result === undefined) {
    const recorded = await new RedisStore(redis, batchId).rowState(row);
    throw new UsageError(
      recorded === undefined
        ? `Row ${row} of batch ${batchId} was never sent: there is nothing to settle.`
        : `Row ${row} of batch ${batchId} has no result yet (a worker may still take it): wait until \`vsynth batch status\` counts it unknown.`,
    );
  }
  if (result.status !== 'unknown')
    throw new UsageError(`Row ${row} is ${result.status}, not unknown: only unknown rows are settled.`);
  const keys = batchKeys(batchId);
  let key = result.rowKey;
  try {
    key = (await new RedisStore(redis, batchId).rowState(row))?.key ?? key;
  } catch (error) {
    if (!(error instanceof DamagedQueueError)) throw error;
    // What a person found replaces the damaged record.
    await redis.hdel(keys.rows, String(row));
  }
  const store = new RedisStore(redis, batchId);
  const time = new Date().toISOString();
  if (options.done !== undefined) {
    const projectId = options.done.trim();
    await store.record({ type: 'done', row, key, via: 'settled', projectId, time });
    const { reason: _reason, errorCode: _code, errorMessage: _message, ...rest } = result;
    await store.writeResult({ ...rest, status: 'done', projectId });
  } else {
    const message =
      'Settled as not sent: the service had no project for this row; enqueueing the batch again (the same `vsynth batch --queue … --batch-id`) sends it.';
    await store.record({ type: 'failed', row, key, reason: NOT_SENT, code: 'VSYNTH_BATCH', message, time });
    await store.writeResult(failedResult(row, result.rowKey, result.attempts, NOT_SENT, 'VSYNTH_BATCH', message));
  }
  const settingsText = await redis.get(keys.settings);
  const settings = settingsText === null ? undefined : parseSettings(batchId, keys.settings, settingsText);
  await retainBatch(redis, batchId, settings?.retentionDays);
  return (await store.rowState(row))!;
}

/** The reason of a row settled as not sent: enqueueing the batch again sends it. */
export const NOT_SENT = 'not_sent';

/** The row's recorded state; undefined when there is none or it is damaged (the result still names the row). */
async function readableState(store: RedisStore, row: number): Promise<RowState | undefined> {
  try {
    return await store.rowState(row);
  } catch (error) {
    if (error instanceof DamagedQueueError) return undefined;
    throw error;
  }
}

function unknownOfResult(result: RowResult): UnknownRow {
  return {
    row: result.row,
    rowKey: result.rowKey,
    attempts: result.attempts,
    reason: result.reason ?? 'no_outcome',
    ...omitUndefined({ projectId: result.projectId }),
  };
}
