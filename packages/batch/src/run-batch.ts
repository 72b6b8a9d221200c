/**
 * The batch runner: reads rows, binds each through a template, and sends one request per row
 * with bounded concurrency, a request rate limit, retries of answers that say "try again", a
 * journal that makes the batch resumable without sending a finished row twice, and a results
 * file with one line per row.
 */
import { randomUUID } from 'node:crypto';
import { UsageError, configuredSecrets, issue, omitUndefined, redactSecrets, type Issue } from '@vsynth/core';
import type { BatchRequest, BatchTemplate, DataRow, RowSchema } from '@vsynth/templates';
import type { BatchClient, WebhookCollector } from './batch-client.js';
import { systemClock, type BatchClock } from './batch-clock.js';
import type { BatchEvent } from './batch-event.js';
import { journalStore } from './batch-store.js';
import { BatchTally, type BatchSummary } from './batch-tally.js';
import { ColumnCheck } from './column-check.js';
import { CubeBudget } from './cube-budget.js';
import { DeliveryJoin } from './delivery-join.js';
import { requestCubeEstimator, type EstimateRequestCubesOptions } from './estimate-request-cubes.js';
import type { Journal } from './journal.js';
import { openJournal } from './open-journal.js';
import { openResultsFile, type ResultsSink } from './open-results-file.js';
import { OrderedResults } from './ordered-results.js';
import { RateLimiter } from './rate-limiter.js';
import { sendRows } from './row-loop.js';
import type { RowResult } from './row-result.js';
import { RowSender } from './row-sender.js';
import {
  checkBoolean,
  checkFunction,
  checkNumber,
  checkOneOf,
  checkOptionsObject,
  checkShape,
  checkString,
  checkStringList,
  received,
} from './option-checks.js';

export interface RunBatchOptions {
  /** Rows from `csvRows`, `jsonRows`, `ndjsonRows`, `iterableRows` or `rowsFromFile` of `@vsynth/templates`. */
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
  /** Backoff between tries, with full jitter: `base × 2^(try-1)`, at most `max`; a longer `Retry-After` wins. */
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
  /** A row whose binding warns (layout, speech, assets) is invalid: listed with its warnings, not sent. */
  readonly strict?: boolean;
  /**
   * Stop before the estimated cubes of the batch (rows done in earlier runs included) would
   * exceed this. A dry run still checks and estimates every row, warns where a run would stop
   * and sets `stoppedAtMaxCubes`.
   */
  readonly maxCubes?: number;
  /** Inputs of the cube estimate (a modify's base project, rates); an unknown or negative rate is a `UsageError`. */
  readonly estimate?: EstimateRequestCubesOptions;
  /** A zod schema each row must satisfy before binding. */
  readonly schema?: RowSchema;
  /** Column whose value is the row key; default a hash of the row's values. */
  readonly keyColumn?: string;
  /** Results file path (`.csv`, `.ndjson` or `.json`) or a sink. */
  readonly results?: string | ResultsSink;
  /** Called for every bound row of a dry run with the request that would be sent. */
  readonly onRequest?: (state: { row: number; rowKey: string; request: BatchRequest; cubes: number }) => void;
  /**
   * Name each project a create row makes `vsynth <batch>.<row> <row key>` (at most 100 characters)
   * unless the template sets `name`, so a row whose answer was lost can be found in the service's
   * project list; default true. `false` sends the template's body as it is.
   */
  readonly nameProjects?: boolean;
  /**
   * Join webhook deliveries to rows: results get videoUrl and duration, unknown rows settle as done,
   * those an earlier run left unknown included (a late delivery to the same address settles them).
   */
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

/**
 * Runs a batch: one request per row, never two for a row the journal knows is done. Messages
 * name options in backquotes (`` `maxCubes` ``), so a front end can show its own names for them.
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
  const settings = batchSettings(options);
  // Rates are checked here, before anything is opened: a bad one refuses the batch like any other option.
  const estimate = requestCubeEstimator(options.estimate);
  const { template, signal } = options;
  const clock = options.clock ?? systemClock;
  const emit = options.onEvent ?? (() => {});
  const secrets = [...(options.secrets ?? configuredSecrets())];

  const journal =
    settings.dryRun || options.journal === undefined
      ? undefined
      : openJournal(options.journal, {
          resume: settings.resume,
          batch: { id: settings.batchId, template: template.description },
          ...omitUndefined({ durability: options.journalDurability }),
        });
  const results = openResults(options.results, journal);
  const ordered = results === undefined ? undefined : new OrderedResults(results);
  if (journal !== undefined) journal.secrets = secrets;
  const store = journal === undefined ? undefined : journalStore(journal);
  const batchId = journal?.state.batch.id ?? settings.batchId;
  const previous = settings.resume ? journal?.state.rows : undefined;

  const warnings: Issue[] = [];
  const warn = (message: string, row?: number) => {
    warnings.push(issue({ code: 'row', severity: 'warning', message, path: [], ...omitUndefined({ row }) }));
    emit({ type: 'warning', message, ...omitUndefined({ row }) });
  };
  const tally = new BatchTally();
  const write = (written: RowResult) => {
    // One redaction for everything a row writes: an error text may quote a configured secret.
    const result = redactSecrets(written, secrets);
    ordered?.write(result);
    if (options.onEvent !== undefined) emit(rowEvent(result));
  };
  const deliveries =
    options.webhooks === undefined
      ? undefined
      : new DeliveryJoin({ collector: options.webhooks, batchId, store, tally, write });
  const settle = (result: RowResult, awaitsDelivery = false) => {
    tally.add(result);
    if (awaitsDelivery && deliveries !== undefined) deliveries.settle(result);
    else write(result);
  };
  const sender = new RowSender({
    context: {
      client: options.client!,
      batchId,
      store,
      pacer: new RateLimiter({ rps: options.rps, clock }),
      maxAttempts: settings.maxAttempts,
      baseBackoffMs: settings.baseBackoffMs,
      maxBackoffMs: settings.maxBackoffMs,
      webhooks: options.webhooks,
      nameProjects: options.nameProjects !== false,
      sharedProject:
        template.kind === 'modify' && (settings.projectPool.length > 0 || template.projectId !== undefined),
      clock,
      random: options.random ?? Math.random,
      signal,
      secrets,
      onSubmit: () => (tally.submitted += 1),
      onRetry: (retry) => emit({ type: 'retry', ...retry }),
    },
    concurrency: settings.concurrency,
    projectPool: settings.projectPool,
    onConcurrency: (limit, reason) => emit({ type: 'concurrency', limit, reason }),
    onSent: (sent) => settle(sent.result, sent.awaitsDelivery),
    warn,
  });
  const budget = new CubeBudget(options.maxCubes);
  const columns = new ColumnCheck(template, options.keyColumn, warn);

  if (journal !== undefined && previous !== undefined && journal.state.batch.template !== template.description) {
    // Legitimate after fixing a template; worth saying, since done rows keep the old text.
    warn(
      `The journal's batch ${batchId} was started with the ${journal.state.batch.template}; rows not done yet are sent with the ${template.description}.`,
    );
  }
  emit({
    type: 'start',
    batchId,
    resumed: previous !== undefined,
    dryRun: settings.dryRun,
    concurrency: settings.concurrency,
  });

  let interrupted = false;
  try {
    interrupted = await sendRows(options.rows, {
      template,
      schema: options.schema,
      keyColumn: options.keyColumn,
      journal: options.journal,
      previous,
      resendUnknown: settings.resendUnknown,
      dryRun: settings.dryRun,
      strict: settings.strict,
      maxCubes: options.maxCubes,
      estimate,
      budget,
      columns,
      tally,
      ordered,
      sender,
      signal,
      settle,
      warn,
      onRequest: options.onRequest,
    });
  } catch (error) {
    sender.stop(error);
  }
  const refused = sender.stopped && tally.submitted === 0 && ordered?.begun !== true;

  await sender.drain();
  if (signal?.aborted) interrupted = true;
  columns.end();
  try {
    if (deliveries !== undefined && deliveries.waiting > 0 && !interrupted) {
      emit({ type: 'webhooks', waiting: deliveries.waiting });
      await deliveries.wait(options.webhookWaitMs ?? 60_000, clock, signal);
    }
  } finally {
    deliveries?.close();
    try {
      if (refused) ordered?.abandon();
      else ordered?.close();
    } finally {
      journal?.close();
    }
  }
  if (sender.stopped) throw sender.fatal;

  const summary = tally.summary({
    batchId,
    interrupted,
    stoppedAtMaxCubes: budget.stopped,
    concurrency: sender.limit.limit,
    warnings,
  });
  emit({ type: 'end', summary });
  return summary;
}

interface BatchSettings {
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly baseBackoffMs: number;
  readonly maxBackoffMs: number;
  readonly dryRun: boolean;
  readonly strict: boolean;
  readonly resume: boolean;
  readonly resendUnknown: boolean;
  readonly projectPool: readonly string[];
  /** The id of a new batch (a resumed one keeps the journal's). */
  readonly batchId: string;
}

/** The options checked, with their defaults. */
function batchSettings(options: RunBatchOptions): BatchSettings {
  checkOptions(options);
  if (!options.dryRun && options.client === undefined)
    throw new UsageError('runBatch needs a `client` unless `dryRun` is set.');
  if (options.resume && options.journal === undefined)
    throw new UsageError("`resume: true` needs the batch's `journal` to continue.");
  const projectPool = options.projectPool ?? [];
  if (projectPool.length > 0 && options.template.kind !== 'modify')
    throw new UsageError('`projectPool` only applies to modify templates.');
  return {
    concurrency: options.concurrency ?? 4,
    maxAttempts: options.maxAttempts ?? 5,
    baseBackoffMs: options.backoff?.baseMs ?? 500,
    maxBackoffMs: options.backoff?.maxMs ?? 30_000,
    dryRun: options.dryRun === true,
    strict: options.strict === true,
    resume: options.resume === true,
    resendUnknown: options.resendUnknown === true,
    projectPool,
    batchId: options.batchId ?? randomUUID().slice(0, 8),
  };
}

/** Each option's type and range, for callers the type checker did not see. */
function checkOptions(options: RunBatchOptions): void {
  checkOptionsObject('runBatch', options);
  const rows: unknown = options.rows;
  if (
    typeof rows !== 'object' ||
    rows === null ||
    (typeof (rows as Iterable<unknown>)[Symbol.iterator] !== 'function' &&
      typeof (rows as AsyncIterable<unknown>)[Symbol.asyncIterator] !== 'function')
  ) {
    throw new UsageError(
      `\`rows\` must be rows from csvRows, jsonRows, ndjsonRows, iterableRows or rowsFromFile (@vsynth/templates); received ${received(rows)}.`,
    );
  }
  if (options.template === undefined) throw new UsageError('runBatch needs a `template`.');
  checkShape('template', options.template, ['bind'], TEMPLATE_MAKERS);
  checkOneOf('template.kind', options.template.kind, ['create', 'legacy', 'modify']);
  // Only the call the template's requests need: a client for one kind of request is enough.
  const call = { create: 'createProject', legacy: 'createLegacyProject', modify: 'modifyProject' }[
    options.template.kind
  ];
  checkShape('client', options.client, [call], 'a client from createClient');
  checkNumber('concurrency', options.concurrency, { min: 1, integer: true });
  checkNumber('maxAttempts', options.maxAttempts, { min: 1, integer: true });
  checkNumber('rps', options.rps, { above: true });
  checkNumber('maxCubes', options.maxCubes);
  checkNumber('webhookWaitMs', options.webhookWaitMs);
  if (options.backoff !== undefined) {
    checkOptionsObject('`backoff`', options.backoff);
    checkNumber('backoff.baseMs', options.backoff.baseMs);
    checkNumber('backoff.maxMs', options.backoff.maxMs);
  }
  checkString('journal', options.journal);
  checkOneOf('journalDurability', options.journalDurability, ['fsync', 'write']);
  for (const name of ['resume', 'resendUnknown', 'dryRun', 'strict', 'nameProjects'] as const)
    checkBoolean(name, options[name]);
  checkStringList('projectPool', options.projectPool);
  checkString('keyColumn', options.keyColumn);
  checkString('batchId', options.batchId);
  if (options.results !== undefined && typeof options.results !== 'string')
    checkShape('results', options.results, ['write', 'close'], 'a results file path or a ResultsSink');
  checkString('results', typeof options.results === 'string' ? options.results : undefined);
  checkShape('webhooks', options.webhooks, ['subscribe'], 'a WebhookCollector');
  if (options.webhooks !== undefined) {
    checkString('webhooks.url', options.webhooks.url);
    checkString('webhooks.secret', options.webhooks.secret);
  }
  checkShape('clock', options.clock, ['now', 'sleep'], 'a BatchClock');
  for (const name of ['onEvent', 'onRequest', 'random'] as const) checkFunction(name, options[name]);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal))
    throw new UsageError(`\`signal\` must be an AbortSignal; received ${received(options.signal)}.`);
  if (
    options.secrets !== undefined &&
    (!Array.isArray(options.secrets) || options.secrets.some((s) => typeof s !== 'string'))
  )
    throw new UsageError(`\`secrets\` must be an array of strings; received ${received(options.secrets)}.`);
  if (options.schema !== undefined) checkShape('schema', options.schema, ['safeParse'], 'a zod schema');
}

const TEMPLATE_MAKERS = 'a BatchTemplate from modifyTemplate, payloadTemplate, tsxTemplate or loadTemplate';

/** The results sink of the options; the journal is closed (and unlocked) if the file cannot be opened. */
function openResults(results: RunBatchOptions['results'], journal: Journal | undefined): ResultsSink | undefined {
  try {
    return typeof results === 'string' ? openResultsFile(results) : results;
  } catch (error) {
    journal?.close();
    throw error;
  }
}

function rowEvent(result: RowResult): BatchEvent {
  const { row, rowKey, status, attempts, reason, errorMessage: message, projectId } = result;
  return {
    type: 'row',
    row,
    rowKey,
    status,
    attempts,
    ...omitUndefined({ reason, message }),
    ...(result.skipped ? { skipped: true } : {}),
    ...omitUndefined({ projectId }),
  };
}
