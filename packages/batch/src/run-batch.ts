/**
 * The batch runner: reads rows, binds each through a template, and sends one request per row
 * with bounded concurrency, a request rate limit, retries of answers that say "try again", a
 * journal that makes the batch resumable without sending a finished row twice, and a results
 * file with one line per row.
 */
import { hash, randomUUID } from 'node:crypto';
import {
  UsageError,
  batchError,
  closestName,
  configuredSecrets,
  formatIssue,
  issue,
  redactSecrets,
  type Issue,
} from '@vsynth/core';
import { AdaptiveLimit } from './adaptive-limit.js';
import { journalStore } from './batch-store.js';
import type { BatchClient, WebhookCollector, WebhookDeliveryInfo } from './batch-client.js';
import { systemClock, type BatchClock } from './batch-clock.js';
import { checkRow, type BatchRequest, type BatchTemplate, type DataRow, type RowSchema } from '@vsynth/templates';
import { estimateCubes, type EstimateCubesOptions } from './estimate-cubes.js';
import type { Journal } from './journal.js';
import { openJournal } from './open-journal.js';
import { KeyLock } from './key-lock.js';
import { ProjectPool } from './project-pool.js';
import { RateLimiter } from './rate-limiter.js';
import { openResultsFile, type ResultsSink } from './open-results-file.js';
import { recordedResult, resumeAction } from './row-lifecycle.js';
import { failedResult, type RowResult } from './row-result.js';
import { sendRow, type SendRowContext } from './send-row.js';

export interface RunBatchOptions {
  /** Rows from `csvRows`, `jsonRows`, `ndjsonRows`, `iterableRows` or `rowsFromFile`. */
  readonly rows: AsyncIterable<DataRow> | Iterable<DataRow>;
  readonly template: BatchTemplate;
  /** Required unless `dryRun`. */
  readonly client?: BatchClient;
  /** Requests in flight at once; default 4. Halves after repeated 429 answers, then grows back. */
  readonly concurrency?: number;
  /** Request starts per second, retries included; default unlimited. */
  readonly rps?: number;
  /** Tries per row for answers that say "try again" (429, 5xx, connection refused); default 5. */
  readonly maxAttempts?: number;
  /** Exponential backoff between tries, with full jitter: `base × 2^(try-1)`, at most `max`; a longer `Retry-After` wins. */
  readonly backoff?: { readonly baseMs?: number; readonly maxMs?: number };
  /** Journal file (NDJSON). Without it a killed batch cannot be resumed safely. */
  readonly journal?: string;
  /** `fsync` (default) or `write`; see `openJournal`. */
  readonly journalDurability?: 'fsync' | 'write';
  /** Continue the batch recorded in `journal`: done rows are skipped, failed rows are sent again. */
  readonly resume?: boolean;
  /** On resume, also send rows whose earlier request has no known outcome (may spend cubes twice). */
  readonly resendUnknown?: boolean;
  /** Base projects for modify rows: each row takes a free one, so no two modifies of a project overlap. */
  readonly projectPool?: readonly string[];
  /** Bind and validate every row, send nothing. */
  readonly dryRun?: boolean;
  /**
   * Stop before the estimated cubes of the batch (rows done in earlier runs included) would
   * exceed this. A dry run still checks and estimates every row, warns where a run would stop
   * and sets `stoppedAtMaxCubes`.
   */
  readonly maxCubes?: number;
  /** Inputs of the cube estimate (a modify's base project, rates). */
  readonly estimate?: EstimateCubesOptions;
  /** A zod schema each row must satisfy before binding. */
  readonly schema?: RowSchema;
  /** Column whose value is the row key; default a hash of the row's values. */
  readonly keyColumn?: string;
  /** Results file path (`.csv`, `.ndjson` or `.json`) or a sink. */
  readonly results?: string | ResultsSink;
  /** Called for every bound row of a dry run with the request that would be sent. */
  readonly onRequest?: (state: { row: number; rowKey: string; request: BatchRequest; cubes: number }) => void;
  /** Join webhook deliveries to rows: results get videoUrl and duration, unknown rows settle as done. */
  readonly webhooks?: WebhookCollector;
  /** How long to wait for deliveries after the last row was sent; default 60 s. */
  readonly webhookWaitMs?: number;
  readonly onEvent?: (event: BatchEvent) => void;
  /** Aborting stops sending new rows; requests in flight finish, journal and results are flushed. */
  readonly signal?: AbortSignal;
  readonly clock?: BatchClock;
  /** Jitter source in [0, 1); default `Math.random`. */
  readonly random?: () => number;
  /** Identity of a new batch (a resumed batch keeps its own); default random. */
  readonly batchId?: string;
  /**
   * Secrets removed from every error message the batch writes (journal, results, events); default
   * the `VSYNTH_*` credentials and webhook secret of the environment (`configuredSecrets`).
   */
  readonly secrets?: readonly string[];
}

/** What happened, as the batch goes: drives the progress bar and `--events jsonl`. */
export type BatchEvent =
  | { readonly type: 'start'; readonly batchId: string; readonly resumed: boolean; readonly dryRun: boolean; readonly concurrency: number }
  | { readonly type: 'row'; readonly row: number; readonly rowKey: string; readonly status: RowResult['status']; readonly reason?: string; readonly message?: string; readonly skipped?: boolean; readonly projectId?: string; readonly attempts: number }
  | { readonly type: 'retry'; readonly row: number; readonly attempt: number; readonly delayMs: number; readonly reason: string }
  | { readonly type: 'concurrency'; readonly limit: number; readonly reason: string }
  | { readonly type: 'warning'; readonly message: string; readonly row?: number }
  | { readonly type: 'webhooks'; readonly waiting: number }
  | { readonly type: 'end'; readonly summary: BatchSummary };

export interface BatchSummary {
  readonly batchId: string;
  /** Rows read from the source. */
  readonly rows: number;
  /** Rows with at least one request sent by this run. */
  readonly submitted: number;
  /** Rows accepted by this run (a response, or a webhook delivery for an unknown row). */
  readonly done: number;
  readonly failed: number;
  readonly failedByReason: Readonly<Record<string, number>>;
  /** Rows a resumed run found done in the journal. */
  readonly skipped: number;
  readonly unknown: number;
  /** Rows that are fine: dry run, rows that bound and validated; a real run, rows done (by this run or skipped as done). */
  readonly ok: number;
  /** Estimated cubes of the rows done by this run (dry run: of the valid rows); legacy creates count `cube_used`. */
  readonly cubes: number;
  readonly interrupted: boolean;
  /** The batch stopped before exceeding `maxCubes` (dry run: a run would stop; `cubes` is the whole batch's estimate). */
  readonly stoppedAtMaxCubes: boolean;
  readonly concurrency: number;
  readonly warnings: readonly Issue[];
}

/**
 * Runs a batch: one request per row, never two for a row the journal knows is done.
 *
 * @example
 * const summary = await runBatch({
 *   rows: rowsFromFile('people.csv'),
 *   template: modifyTemplate(JSON.parse(text), { slots }),
 *   client: createClient({ baseUrl, apiKey }),
 *   concurrency: 8,
 *   journal: 'people.journal.ndjson',
 *   results: 'results.csv',
 * });
 * console.log(summary.done, summary.failed, summary.unknown);
 */
export async function runBatch(options: RunBatchOptions): Promise<BatchSummary> {
  const settings = checkOptions(options);
  const { template, signal } = options;
  const clock = options.clock ?? systemClock;
  const random = options.random ?? Math.random;
  const emit = options.onEvent ?? (() => {});

  const journal: Journal | undefined =
    options.journal === undefined || options.dryRun
      ? undefined
      : openJournal(options.journal, {
          resume: options.resume === true,
          batch: { id: options.batchId ?? randomUUID().slice(0, 8), template: template.description },
          ...(options.journalDurability === undefined ? {} : { durability: options.journalDurability }),
        });
  const batchId = journal?.state.batch.id ?? options.batchId ?? randomUUID().slice(0, 8);
  const store = journal === undefined ? undefined : journalStore(journal);
  const previous = options.resume ? journal?.state.rows : undefined;
  let results: ResultsSink | undefined;
  try {
    results = typeof options.results === 'string' ? openResultsFile(options.results) : options.results;
  } catch (error) {
    journal?.close();
    throw error;
  }

  const counts = { rows: 0, submitted: 0, done: 0, failed: 0, skipped: 0, unknown: 0, ok: 0, cubes: 0 };
  const failedByReason: Record<string, number> = {};
  const warnings: Issue[] = [];
  let interrupted = false;
  let stoppedAtMaxCubes = false;
  let plannedCubes = 0;

  const limit = new AdaptiveLimit({ max: settings.concurrency, onChange: (value, reason) => emit({ type: 'concurrency', limit: value, reason }) });
  const rate = new RateLimiter({ rps: options.rps, clock });
  const locks = new KeyLock();
  const pool = options.projectPool && options.projectPool.length > 0 ? new ProjectPool(options.projectPool) : undefined;

  // With webhooks, done and unknown rows wait here for their delivery before they are written.
  const held = new Map<number, RowResult>();
  const deliveries = new Map<number, WebhookDeliveryInfo>();
  let deliveryWaiter: (() => void) | undefined;

  const warn = (message: string, row?: number) => {
    warnings.push(issue({ code: 'row', severity: 'warning', message, path: [], ...(row === undefined ? {} : { row }) }));
    emit({ type: 'warning', message, ...(row === undefined ? {} : { row }) });
  };

  if (previous !== undefined && journal !== undefined && journal.state.batch.template !== template.description) {
    // Legitimate after fixing a template; worth saying, since done rows keep the old text.
    warn(`The journal's batch ${batchId} was started with the ${journal.state.batch.template}; rows not done yet are sent with the ${template.description}.`);
  }

  const secrets = [...(options.secrets ?? configuredSecrets())];
  if (journal !== undefined) journal.secrets = secrets;
  const write = (written: RowResult) => {
    // One redaction step for everything a row writes: an error text may quote a configured secret
    // (a result holding none comes back as it is).
    const result = redactSecrets(written, secrets);
    results?.write(result);
    if (options.onEvent === undefined) return; // no event object per row for nobody
    emit({
      type: 'row',
      row: result.row,
      rowKey: result.rowKey,
      status: result.status,
      attempts: result.attempts,
      ...(result.reason === undefined ? {} : { reason: result.reason }),
      ...(result.errorMessage === undefined ? {} : { message: result.errorMessage }),
      ...(result.skipped ? { skipped: true } : {}),
      ...(result.projectId === undefined ? {} : { projectId: result.projectId }),
    });
  };

  /** `awaitsDelivery`: the row's request was sent by this run with the collector's address and exports. */
  const settle = (result: RowResult, awaitsDelivery = false) => {
    if (result.status === 'done') {
      if (result.skipped) counts.skipped += 1;
      else {
        counts.done += 1;
        counts.cubes += result.cubes ?? 0;
      }
    } else if (result.status === 'failed') {
      counts.failed += 1;
      failedByReason[result.reason ?? 'error'] = (failedByReason[result.reason ?? 'error'] ?? 0) + 1;
    } else if (result.status === 'unknown') counts.unknown += 1;
    else counts.ok += 1;
    if (!awaitsDelivery || options.webhooks === undefined || (result.status !== 'unknown' && result.status !== 'done')) {
      write(result);
      return;
    }
    const delivery = deliveries.get(result.row);
    if (delivery === undefined) {
      held.set(result.row, result);
      return;
    }
    deliveries.delete(result.row);
    write(joinDelivery(result, delivery));
  };

  const joinDelivery = (result: RowResult, delivery: WebhookDeliveryInfo): RowResult => {
    let joined: RowResult = {
      ...result,
      ...(delivery.videoUrl === undefined ? {} : { videoUrl: delivery.videoUrl }),
      ...(delivery.duration === undefined ? {} : { duration: delivery.duration }),
    };
    if (result.status === 'unknown') {
      // The service exported the row, so its request was accepted: settle as done.
      counts.unknown -= 1;
      counts.done += 1;
      counts.cubes += result.cubes ?? 0;
      const { reason: _reason, errorCode: _code, errorMessage: _message, ...rest } = joined;
      joined = { ...rest, status: 'done' };
      void store?.record({ type: 'done', row: result.row, key: result.rowKey, via: 'webhook', time: new Date().toISOString() });
    }
    return joined;
  };

  const unsubscribe = options.webhooks?.subscribe((delivery) => {
    const row = rowOfCorrelation(delivery.correlationId, batchId);
    if (row === undefined) return;
    void store?.record({
      type: 'delivery',
      row,
      cid: delivery.correlationId ?? '',
      ...(delivery.videoUrl === undefined ? {} : { videoUrl: delivery.videoUrl }),
      ...(delivery.duration === undefined ? {} : { duration: delivery.duration }),
      time: new Date().toISOString(),
    });
    const waiting = held.get(row);
    if (waiting === undefined) {
      deliveries.set(row, delivery);
      return;
    }
    held.delete(row);
    write(joinDelivery(waiting, delivery));
    if (held.size === 0) deliveryWaiter?.();
  });

  const rowContext: SendRowContext = {
    client: options.client!,
    batchId,
    store,
    pacer: rate,
    maxAttempts: settings.maxAttempts,
    baseBackoffMs: settings.baseBackoffMs,
    maxBackoffMs: settings.maxBackoffMs,
    webhooks: options.webhooks,
    sharedProject: template.kind === 'modify' && (pool !== undefined || template.projectId !== undefined),
    clock,
    random,
    signal,
    secrets,
    stopped: () => fatal !== undefined,
    onSubmit: () => {
      counts.submitted += 1;
    },
    onSuccess: () => limit.onSuccess(),
    on429: () => limit.on429(),
    onRetry: (retry) => emit({ type: 'retry', ...retry }),
  };

  const send = async (request: BatchRequest, row: number, rowKey: string, cubes: number, priorAttempts: number): Promise<void> => {
    let body = request.body;
    let releaseProject: (() => void) | undefined;
    let pooled: string | undefined; // given back in `finally`: no closure per row
    try {
      if (request.kind === 'modify') {
        if (pool !== undefined) {
          pooled = pool.tryTake() ?? (await pool.take());
          body = { ...body, projectId: pooled };
        } else {
          const shared = String(body['projectId']);
          if (locks.isHeld(shared) && !sharedProjectWarned) {
            sharedProjectWarned = true;
            warn(`Rows modify the same project ${shared}: modifies of one project never overlap, so they wait for each other. Pass --project-pool ID,ID,… to spread them.`);
          }
          releaseProject = await locks.acquire(shared);
        }
      }
      const sent = await sendRow(rowContext, { row, rowKey, request: { ...request, body }, cubes, priorAttempts });
      settle(sent.result, sent.awaitsDelivery);
      if (sent.stopsBatch !== undefined) {
        fatal ??= sent.stopsBatch; // before the project lock is released to a waiting row
        throw sent.stopsBatch;
      }
    } finally {
      if (pooled !== undefined) pool!.give(pooled);
      releaseProject?.();
    }
  };

  const inFlight = new Set<Promise<void>>();
  let fatal: unknown;
  /** Columns of the first readable row; compared with the columns the template reads. */
  let firstColumns: string[] | undefined;
  let bindCalls = 0;
  const warnUnused = (columns: readonly string[], used: (column: string) => boolean) => {
    const unused = columns.filter((column) => !used(column) && column !== options.keyColumn);
    if (unused.length > 0) warn(`The ${template.description} does not use column${unused.length === 1 ? '' : 's'} ${unused.map((c) => `"${c}"`).join(', ')}.`);
  };
  let sharedProjectWarned = false;
  emit({ type: 'start', batchId, resumed: options.resume === true && journal !== undefined, dryRun: options.dryRun === true, concurrency: settings.concurrency });

  try {
    for await (const source of options.rows) {
      if (fatal !== undefined) break;
      if (signal?.aborted) {
        interrupted = true;
        break;
      }
      counts.rows += 1;
      const dataRow = options.schema === undefined || source.issues?.length ? source : checkRow(options.schema, source);
      const rowKey = keyOf(dataRow, options.keyColumn);
      const row = dataRow.row;
      if (firstColumns === undefined && dataRow.issues === undefined) {
        firstColumns = Object.keys(dataRow.data);
        if (options.keyColumn !== undefined && !firstColumns.includes(options.keyColumn)) {
          const guess = closestName(options.keyColumn, firstColumns);
          throw new UsageError(
            `The key column "${options.keyColumn}" is not a column of the data${guess === undefined ? ` (columns: ${firstColumns.join(', ')})` : `; did you mean "${guess}"?`}`,
          );
        }
        const known = template.columns;
        if (known !== undefined) warnUnused(firstColumns, (column) => known.required.has(column) || known.optional.has(column));
      }

      const before = previous?.get(row);
      if (before !== undefined && before.key !== rowKey) {
        throw batchError(
          `Row ${row} differs from the row the journal ${options.journal} recorded (key ${before.key}, now ${rowKey}): the data file changed since the batch started. Restore it, or start a new batch with another --journal.`,
        );
      }
      const action = resumeAction(before, options.resendUnknown === true);
      if (before !== undefined && action === 'skip') {
        plannedCubes += before.cubes ?? 0;
        settle(recordedResult(row, before, 'done'));
        continue;
      }
      if (before !== undefined && action === 'unknown') {
        settle(recordedResult(row, before, 'unknown'));
        continue;
      }
      if (stoppedAtMaxCubes && !options.dryRun) {
        // The rows after the stop are read and listed, not bound or sent: the results account for the whole file.
        settle(failedResult(row, rowKey, before?.attempts ?? 0, 'max_cubes', 'VSYNTH_BATCH', `Not sent: the batch stopped before exceeding --max-cubes ${options.maxCubes}.`));
        continue;
      }

      if (dataRow.issues !== undefined && dataRow.issues.length > 0) {
        settle(invalidResult(row, rowKey, dataRow.issues, before?.attempts ?? 0));
        continue;
      }
      let bound;
      bindCalls += 1;
      try {
        // Most templates bind synchronously: no promise (and microtask) per row for them.
        const binding = template.bind(dataRow.data, row);
        bound = binding instanceof Promise ? await binding : binding;
      } catch (error) {
        bound = { ok: false as const, issues: [issue({ code: 'template', message: error instanceof Error ? error.message : String(error), path: [], row })] };
      }
      if (!bound.ok) {
        settle(invalidResult(row, rowKey, bound.issues, before?.attempts ?? 0));
        continue;
      }
      for (const warning of bound.warnings) warn(formatIssue(warning).replace(/^⚠ /, ''), row); // the CLI prefixes its own 'warning:'
      const request = bound.request;
      const cubes = estimateCubes(request, options.estimate);
      if (options.dryRun && options.maxCubes !== undefined && plannedCubes + cubes > options.maxCubes && !stoppedAtMaxCubes) {
        // A dry run checks every row and estimates the whole batch; it only says where a run would stop.
        stoppedAtMaxCubes = true;
        warn(`A run would stop before row ${row}: its estimated ${cubes} cubes would bring the batch to ${plannedCubes + cubes}, over --max-cubes ${options.maxCubes}.`, row);
      }
      if (!options.dryRun && options.maxCubes !== undefined && plannedCubes + cubes > options.maxCubes) {
        stoppedAtMaxCubes = true;
        warn(`Stopped before row ${row}: its estimated ${cubes} cubes would bring the batch to ${plannedCubes + cubes}, over --max-cubes ${options.maxCubes}.`, row);
        settle(failedResult(row, rowKey, before?.attempts ?? 0, 'max_cubes', 'VSYNTH_BATCH', `Not sent: the batch would exceed --max-cubes ${options.maxCubes}.`));
        continue;
      }
      plannedCubes += cubes;
      if (options.dryRun) {
        options.onRequest?.({ row, rowKey, request, cubes });
        settle({ row, rowKey, status: 'ok', attempts: 0, cubes });
        counts.cubes += cubes;
        continue;
      }
      if (!limit.tryAcquire()) await limit.acquire();
      if (fatal !== undefined) {
        // A request in flight just stopped the batch: this row is not sent (it is not in the results, like rows not read).
        limit.release();
        break;
      }
      if (signal?.aborted) {
        limit.release();
        interrupted = true;
        settle(failedResult(row, rowKey, before?.attempts ?? 0, 'interrupted', 'VSYNTH_ABORTED', 'The batch was interrupted before this row was sent; resume to send it.'));
        break;
      }
      const task: Promise<void> = send(request, row, rowKey, cubes, before?.attempts ?? 0).then(
        () => {
          limit.release();
          inFlight.delete(task);
        },
        (error: unknown) => {
          fatal ??= error;
          limit.release();
          inFlight.delete(task);
        },
      );
      inFlight.add(task);
    }
  } catch (error) {
    fatal = error;
  }
  await Promise.all(inFlight);
  if (signal?.aborted) interrupted = true;
  // A template that learns its columns while binding (TSX) is checked once, against every row it bound.
  const read = template.columns === undefined ? template.columnsRead?.() : undefined;
  if (read !== undefined && firstColumns !== undefined && bindCalls > 0) warnUnused(firstColumns, (column) => read.has(column));

  try {
    if (options.webhooks !== undefined && held.size > 0 && !interrupted) {
      emit({ type: 'webhooks', waiting: held.size });
      const waitController = new AbortController();
      const onAbort = () => waitController.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      await Promise.race([
        new Promise<void>((resolve) => {
          deliveryWaiter = resolve;
        }),
        clock.sleep(options.webhookWaitMs ?? 60_000, waitController.signal).catch(() => {}),
      ]);
      waitController.abort();
      signal?.removeEventListener('abort', onAbort);
    }
  } finally {
    unsubscribe?.();
    try {
      for (const result of held.values()) write(result);
      held.clear();
      results?.close();
    } finally {
      journal?.close();
    }
  }
  if (fatal !== undefined) throw fatal;

  const summary: BatchSummary = {
    batchId,
    ...counts,
    ok: counts.ok + counts.done + counts.skipped,
    failedByReason,
    interrupted,
    stoppedAtMaxCubes,
    concurrency: limit.limit,
    warnings,
  };
  emit({ type: 'end', summary });
  return summary;
}

interface Settings {
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
}

function checkOptions(options: RunBatchOptions): Settings {
  const positive = (name: string, value: number | undefined, fallback: number): number => {
    if (value === undefined) return fallback;
    if (!Number.isInteger(value) || value < 1) throw new UsageError(`${name} must be a whole number of at least 1, received ${value}.`);
    return value;
  };
  if (!options.dryRun && options.client === undefined) throw new UsageError('runBatch needs a client unless dryRun is set.');
  if (options.rps !== undefined && !(options.rps > 0)) throw new UsageError(`rps must be a positive number, received ${options.rps}.`);
  if (options.maxCubes !== undefined && !(options.maxCubes >= 0)) throw new UsageError(`maxCubes must be 0 or more, received ${options.maxCubes}.`);
  if (options.resume && options.journal === undefined) throw new UsageError('resume needs the journal of the batch to continue (--journal FILE).');
  if (options.projectPool !== undefined && options.template.kind !== 'modify' && options.projectPool.length > 0) {
    throw new UsageError('A project pool only applies to modify templates.');
  }
  return {
    concurrency: positive('concurrency', options.concurrency, 4),
    maxAttempts: positive('maxAttempts', options.maxAttempts, 5),
    baseBackoffMs: options.backoff?.baseMs ?? 500,
    maxBackoffMs: options.backoff?.maxMs ?? 30_000,
  };
}

function invalidResult(row: number, rowKey: string, issues: readonly Issue[], attempts: number): RowResult {
  const errors = issues.filter((item) => item.severity === 'error');
  const listed = errors.length > 0 ? errors : issues;
  return {
    row,
    rowKey,
    status: 'failed',
    reason: 'invalid',
    errorCode: listed.some((item) => item.code === 'template') ? 'VSYNTH_TEMPLATE' : 'VSYNTH_VALIDATION',
    errorMessage: listed.map((item) => item.message).join('; '),
    attempts,
    issues: listed,
  };
}

function keyOf(dataRow: DataRow, keyColumn: string | undefined): string {
  if (keyColumn !== undefined) {
    const value = dataRow.data[keyColumn];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  // One-shot hash: the same key as createHash('sha256')…digest('base64url'), without a Hash object per row.
  return hash('sha256', JSON.stringify(dataRow.data), 'base64url').slice(0, 12);
}

function rowOfCorrelation(cid: string | undefined, batchId: string): number | undefined {
  if (cid === undefined || !cid.startsWith(`${batchId}.`)) return undefined;
  const row = Number(cid.slice(batchId.length + 1));
  return Number.isInteger(row) && row > 0 ? row : undefined;
}
