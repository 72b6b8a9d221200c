import { configuredSecrets } from '@vsynth/core';
import {
  failedResult,
  overMaxCubesResult,
  recordedResult,
  resumeAction,
  sendRow,
  systemClock,
  type BatchClient,
  type RowResult,
  type RowState,
} from '@vsynth/batch';
import { DelayedError, UnrecoverableError, Worker, type Job } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAME, batchKeys, type QueuedBatchSettings, type RowJobData } from './batch-keys.js';
import { reserveCubes } from './cube-budget.js';
import { RedisPacer } from './redis-pacer.js';
import { DamagedQueueError, parseJobData, parseSettings, unreadableJob } from './queue-records.js';
import { RedisStore } from './redis-store.js';
import { retainBatch } from './retain-batch.js';

export interface RunWorkerOptions {
  readonly redis: Redis;
  readonly client: BatchClient;
  /** Rows in flight at once in this worker; default 4. */
  readonly concurrency?: number;
  /** Send rows whose earlier request has no known outcome (may spend cubes twice). */
  readonly resendUnknown?: boolean;
  /**
   * How long a job's lock lives without renewal (ms, default 30 000): a killed worker's rows are
   * taken over after at most `lockMs` + `stalledCheckMs`.
   */
  readonly lockMs?: number;
  /** How often workers look for stalled jobs (ms, default 30 000). */
  readonly stalledCheckMs?: number;
  /** Secret of the correlation signature of webhook addresses (the collector verifies with it). */
  readonly webhookSecret?: string;
  readonly onRow?: (result: RowResult & { batchId: string }) => void;
  readonly onError?: (message: string) => void;
  /** Stop after this (finish rows in flight; rows not started go back to the queue). */
  readonly signal?: AbortSignal;
  /** Redis answers again after an outage, and holds every batch this worker ran rows of. */
  readonly onReconnected?: () => void;
}

/** How a worker ended: rows settled, and, when it stopped because Redis lost its batches, what it last knew. */
export interface WorkerEnd {
  readonly rows: number;
  /** Set when Redis came back from an outage without the keys of batches this worker was running. */
  readonly lost?: string;
}

/**
 * Runs rows of any queued batch until `signal` aborts, through the same `sendRow` as a local batch
 * with Redis as store, rate limiter and cube budget: a row found attempted without outcome (its
 * worker died) is `unknown`, not resent unless `resendUnknown`.
 *
 * @example
 * const controller = new AbortController();
 * await runWorker({ redis, client: createClient(), concurrency: 8, signal: controller.signal });
 */
export async function runWorker(options: RunWorkerOptions): Promise<WorkerEnd> {
  const { redis, client } = options;
  const settingsCache = new Map<string, QueuedBatchSettings>();
  const secrets = [...configuredSecrets()];
  const stopping = new AbortController();
  let rows = 0;
  // What this worker knows of each batch it ran rows of: rows it settled by status, rows in flight.
  const known = new Map<string, { done: number; failed: number; unknown: number; inFlight: number }>();
  const knownOf = (batchId: string) => {
    let entry = known.get(batchId);
    if (entry === undefined) known.set(batchId, (entry = { done: 0, failed: 0, unknown: 0, inFlight: 0 }));
    return entry;
  };
  const lost = new Set<string>();
  let lostMessage: string | undefined;

  const settingsOf = async (batchId: string): Promise<QueuedBatchSettings | undefined> => {
    const cached = settingsCache.get(batchId);
    if (cached !== undefined) return cached;
    const key = batchKeys(batchId).settings;
    const text = await redis.get(key);
    if (text === null) return undefined;
    const settings = parseSettings(batchId, key, text);
    settingsCache.set(batchId, settings);
    return settings;
  };

  const settleIn = async (store: RedisStore, batchId: string, result: RowResult) => {
    if (lost.has(batchId)) {
      // No result into keys Redis lost; what the row's request recorded there expires like a batch's keys.
      await retainBatch(redis, batchId, settingsCache.get(batchId)?.retentionDays);
      return;
    }
    await store.writeResult(result);
    await retainBatch(redis, batchId, settingsCache.get(batchId)?.retentionDays);
    if (result.status !== 'ok') knownOf(batchId)[result.status] += 1;
    rows += 1;
    options.onRow?.({ ...result, batchId });
  };

  // A damaged value of the batch's keys, or a job's data that does not parse: its row is settled with
  // the reason (unknown when it may have been sent), one line says what is damaged, nothing is sent.
  const settleDamaged = async (jobId: string | undefined, damage: DamagedQueueError, data?: RowJobData) => {
    const named = data ?? rowOfJobId(jobId);
    if (named === undefined) {
      options.onError?.(`${damage.message} The job is set aside (failed); no request was sent for it.`);
      throw new UnrecoverableError(damage.message);
    }
    const { batchId, row } = named;
    const store = new RedisStore(redis, batchId);
    let state: RowState | undefined;
    let stateDamaged = false;
    try {
      state = await store.rowState(row);
    } catch (error) {
      if (!(error instanceof DamagedQueueError)) throw error;
      stateDamaged = true;
    }
    const result = damagedResult(row, data?.rowKey ?? state?.key ?? '', state, stateDamaged, damage.message);
    options.onError?.(`${damage.message} Row ${row} is ${result.status} (${result.reason ?? 'damaged'}).`);
    await settleIn(store, batchId, result);
  };

  // Active jobs whose data is not JSON leave the queue (no worker could ever read them) and their rows are settled.
  const setAsideUnreadableJobs = async (): Promise<void> => {
    const prefix = `bull:${QUEUE_NAME}:`;
    for (const id of await redis.lrange(`${prefix}active`, 0, -1)) {
      const text = await redis.hget(`${prefix}${id}`, 'data');
      if (text === null || parsesAsJson(text)) continue;
      const [[, removed] = []] =
        (await redis.multi().lrem(`${prefix}active`, 0, id).del(`${prefix}${id}`, `${prefix}${id}:lock`).exec()) ?? [];
      // Another worker set it aside first.
      if (removed === 0) continue;
      await settleDamaged(id, unreadableJob(id, text)).catch((error: unknown) => {
        if (!(error instanceof UnrecoverableError)) throw error;
      });
    }
  };

  const processRow = async (job: Job<RowJobData>, token?: string): Promise<void> => {
    let data: RowJobData | undefined;
    try {
      data = parseJobData(job.id, job.data);
      await sendJob(job, data, token);
    } catch (error) {
      if (error instanceof DamagedQueueError) await settleDamaged(job.id, error, data);
      else throw error;
    }
  };

  const sendJob = async (job: Job<RowJobData>, data: RowJobData, token?: string): Promise<void> => {
    const { batchId, row, rowKey, kind, body, cubes } = data;
    const store = new RedisStore(redis, batchId);
    const settle = (result: RowResult) => settleIn(store, batchId, result);
    const settings = await settingsOf(batchId);
    if (settings === undefined) {
      await settle(
        failedResult(
          row,
          rowKey,
          0,
          'error',
          'VSYNTH_BATCH',
          `The batch ${batchId} has no settings in this Redis (deleted?); enqueue it again.`,
        ),
      );
      return;
    }
    const keys = batchKeys(batchId);
    const [state, stop] = await Promise.all([store.rowState(row), redis.get(keys.stop)]);
    const action = resumeAction(state, options.resendUnknown === true || data.resendUnknown === true);
    if (state !== undefined && action === 'skip') {
      // Done by its answer, or by its delivery (then without the answer's cubes: the estimate stands).
      const { skipped: _skipped, ...done } = recordedResult(row, state, 'done');
      await settle(done.cubes === undefined ? { ...done, cubes } : done);
      return;
    }
    if (state !== undefined && action === 'unknown') {
      // Its worker died (or lost its answer) after the attempt was recorded: it may have been accepted.
      const unknown = recordedResult(row, state, 'unknown');
      await settle(unknown.cubes === undefined ? { ...unknown, cubes } : unknown);
      return;
    }
    if (settings.webhookUrl !== undefined && options.webhookSecret === undefined) {
      await settle(
        failedResult(
          row,
          rowKey,
          state?.attempts ?? 0,
          'error',
          'VSYNTH_USAGE',
          `Not sent: batch ${batchId} has a webhook address, and this worker has no VSYNTH_WEBHOOK_SECRET to sign it with (set the collector's secret on every worker).`,
        ),
      );
      return;
    }
    if (stop !== null) {
      const why = stopOf(stop);
      await settle(
        why.reason === 'max_cubes'
          ? overMaxCubesResult(row, rowKey, state?.attempts ?? 0, settings.maxCubes)
          : failedResult(
              row,
              rowKey,
              state?.attempts ?? 0,
              'stopped',
              'VSYNTH_BATCH',
              `Not sent: the batch stopped at another row's error: ${why.message ?? why.reason}`,
            ),
      );
      return;
    }
    if (settings.maxCubes !== undefined && !(await reserveCubes(redis, batchId, row, cubes, settings.maxCubes))) {
      await settle(overMaxCubesResult(row, rowKey, state?.attempts ?? 0, settings.maxCubes));
      return;
    }
    knownOf(batchId).inFlight += 1;
    const sent = await sendRow(
      {
        client,
        batchId,
        store,
        pacer: new RedisPacer(redis, batchId, settings.rps),
        maxAttempts: settings.maxAttempts ?? 5,
        baseBackoffMs: 500,
        maxBackoffMs: 30_000,
        webhooks:
          settings.webhookUrl !== undefined && options.webhookSecret !== undefined
            ? { url: settings.webhookUrl, secret: options.webhookSecret }
            : undefined,
        nameProjects: settings.nameProjects !== false,
        sharedProject: false,
        clock: systemClock,
        random: Math.random,
        signal: stopping.signal,
        secrets,
      },
      { row, rowKey, request: { kind, body }, cubes, priorAttempts: state?.attempts ?? 0 },
    ).finally(() => (knownOf(batchId).inFlight -= 1));
    if (sent.result.reason === 'interrupted' && token !== undefined) {
      // Stopped before (re)sending: its last record says it may be sent, so another worker takes it.
      await job.moveToDelayed(Date.now(), token);
      throw new DelayedError();
    }
    if (sent.stopsBatch !== undefined) {
      await redis.set(keys.stop, JSON.stringify({ reason: 'stopped', message: sent.result.errorMessage }), 'NX');
    }
    await settle(sent.result);
  };

  const worker = new Worker<RowJobData>(QUEUE_NAME, processRow, {
    connection: redis,
    concurrency: options.concurrency ?? 4,
    lockDuration: options.lockMs ?? 30_000,
    stalledInterval: options.stalledCheckMs ?? 30_000,
    // A stalled row is handled by the recorded-attempt rule above, never failed for stalling.
    maxStalledCount: 1000,
    autorun: false,
  });
  worker.on('error', (error) => {
    // BullMQ could not read a job it took (its data is not JSON): that job is set aside, its row settled.
    if (error instanceof SyntaxError) void setAsideUnreadableJobs().catch((e: unknown) => options.onError?.(String(e)));
    else options.onError?.(error.message);
  });
  const run = worker.run();
  let stopForLoss: () => void = () => {};
  // After an outage, a Redis that restarted without persistence holds none of the batches' keys.
  const onReady = () => {
    void lostBatches().then((message) => {
      if (message === undefined) {
        options.onReconnected?.();
        return;
      }
      lostMessage = message;
      stopForLoss();
    });
  };
  const lostBatches = async (): Promise<string | undefined> => {
    const gone: string[] = [];
    for (const batchId of settingsCache.keys()) {
      if ((await redis.exists(batchKeys(batchId).settings)) === 0) gone.push(batchId);
    }
    if (gone.length === 0) return undefined;
    for (const batchId of gone) lost.add(batchId);
    return gone.map((batchId) => lostLine(batchId, settingsCache.get(batchId)!, knownOf(batchId))).join(' ');
  };
  redis.on('ready', onReady);
  await new Promise<void>((resolve) => {
    stopForLoss = resolve;
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  redis.off('ready', onReady);
  // Rows waiting to retry stop waiting and go back to the queue; requests in flight finish.
  stopping.abort(new Error('worker stopping'));
  await connectedOrAfter(worker, CONNECT_WAIT_ON_STOP_MS);
  await worker.close();
  await run;
  return { rows, ...(lostMessage === undefined ? {} : { lost: lostMessage }) };
}

/** What a worker last knew of a batch Redis lost. */
function lostLine(
  batchId: string,
  settings: QueuedBatchSettings,
  known: { done: number; failed: number; unknown: number; inFlight: number },
): string {
  const settled = known.done + known.failed + known.unknown;
  return `Redis came back without batch ${batchId} (its settings, rows and queued jobs are gone: the server restarted without persistence, or the keys were removed). Last known: ${settings.rows} rows, ${settings.queued} enqueued; this worker settled ${settled} (${known.done} done, ${known.failed} failed, ${known.unknown} unknown) and had ${known.inFlight} in flight. Rows done were accepted and charged: enqueueing the batch again would send them again, so check the service's project list first.`;
}

const CONNECT_WAIT_ON_STOP_MS = 5_000;

/**
 * Waits until the worker's Redis connections are up, or `ms`: BullMQ closing a worker whose blocking
 * connection is still connecting lets that connection emit an error with no listener left.
 */
async function connectedOrAfter(worker: Worker, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    worker.waitUntilReady().then(noop, noop),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
}

function noop(): void {}

/** The batch and row a job id names (`<batch>.<row>.<key hash>`, see `rowJobId`). */
function rowOfJobId(jobId: string | undefined): { batchId: string; row: number } | undefined {
  const match = /^([A-Za-z0-9_-]{1,64})\.(\d+)\.[A-Za-z0-9_-]+$/.exec(jobId ?? '');
  if (match === null) return undefined;
  const row = Number(match[2]);
  return Number.isSafeInteger(row) && row > 0 ? { batchId: match[1]!, row } : undefined;
}

/** A damaged row's result: as recorded when done; unknown when a request may have left; else failed, not sent. */
function damagedResult(
  row: number,
  rowKey: string,
  state: RowState | undefined,
  stateDamaged: boolean,
  damage: string,
): RowResult {
  if (state?.status === 'done') {
    const { skipped: _skipped, ...done } = recordedResult(row, state, 'done');
    return done;
  }
  const attempts = state?.attempts ?? 0;
  if (stateDamaged || state?.status === 'attempt' || state?.status === 'unknown') {
    return {
      row,
      rowKey,
      status: 'unknown',
      reason: 'damaged',
      errorCode: 'VSYNTH_VALIDATION',
      errorMessage: `${damage} A request for this row may have been sent: check the project list, then \`vsynth batch settle\` it.`,
      attempts,
    };
  }
  return failedResult(row, rowKey, attempts, 'damaged', 'VSYNTH_VALIDATION', `${damage} Not sent.`);
}

/** The `:stop` key: `{reason, message}`, or any other text as the reason. */
function stopOf(text: string): { reason: string; message?: string } {
  try {
    const value = JSON.parse(text) as { reason?: unknown; message?: unknown } | null;
    if (typeof value?.reason === 'string')
      return { reason: value.reason, ...(typeof value.message === 'string' ? { message: value.message } : {}) };
  } catch {}
  return { reason: 'stopped', message: text };
}

function parsesAsJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
