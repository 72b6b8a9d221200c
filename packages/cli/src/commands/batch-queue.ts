/**
 * The queue side of `vsynth batch`: `--queue redis://…` binds and checks every row (as a dry
 * run) and enqueues the valid ones for `vsynth worker`; `batch status` and `batch results` read a
 * queued batch back.
 */
import { randomUUID } from 'node:crypto';
import { Option, type Command } from 'commander';
import { TemplateError, UsageError, batchError, formatIssue, omitUndefined } from '@vsynth/core';
import type { RowResult } from '@vsynth/batch';
import type { QueueConnection, QueuedBatchStatus, RowJobData } from '@vsynth/queue';
import { dataOptions, templateOptions, type BatchCommandOptions } from './batch.js';
import { progressBar } from './progress-bar.js';
import { cliFlagsOnError, errorWithCliFlags, resultWithCliFlags, withCliFlags } from './with-cli-flags.js';
import { loadQueue } from '../load-queue.js';
import { withTextOverflowChecks } from './text-overflow-template.js';

const BATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `vsynth batch --queue URL`: enqueues the valid rows, prints `{batchId, rows, queued, invalid, …}`.
 * Exit 3 when rows are invalid (the valid ones are enqueued all the same), 2 for a bad address.
 *
 * @example
 * await enqueueBatchCommand({ template: 'welcome.tsx', data: 'customers.csv', queue: 'redis://127.0.0.1:6379' })
 */
export async function enqueueBatchCommand(
  options: BatchCommandOptions & { queue: string; batchId?: string },
): Promise<void> {
  const notHere = (
    [
      ['--resume', options.resume],
      ['--journal', options.journal],
      ['--durability', options.durability],
      ['--dry-run', options.dryRun],
      ['--out', options.out],
      ['--project-pool', options.projectPool],
      ['--collect-webhooks', options.collectWebhooks],
      ['--concurrency', options.concurrency],
      ['--requests', options.requests],
      ['--preview', options.preview],
      ['--preview-rows', options.previewRows],
    ] as const
  ).filter(([, value]) => value !== undefined && value !== false);
  if (notHere.length > 0) {
    throw new UsageError(
      `${notHere.map(([flag]) => flag).join(', ')} ${notHere.length === 1 ? 'does' : 'do'} not apply with --queue: the queue records rows in Redis (no journal), workers take --concurrency, and \`vsynth batch results\` writes the results file.`,
    );
  }
  const batchId = options.batchId ?? randomUUID().slice(0, 8);
  if (!BATCH_ID.test(batchId))
    throw new UsageError(`--batch-id takes letters, digits, - and _ (at most 64), received "${batchId}".`);
  const [{ loadTemplate, rowsFromFile }, { runBatch }] = await Promise.all([
    import('@vsynth/templates'),
    import('@vsynth/batch'),
  ]);
  const { connectRedis, enqueueBatch } = await loadQueue();
  const loaded = await loadTemplate(options.template, templateOptions(options));
  const { base } = loaded;
  // Each row's text is measured in its box before it is sent (a name too long for its title).
  const template =
    options.measureText === false ? loaded.template : await withTextOverflowChecks(loaded.template, base);
  if (template.kind === 'modify' && template.projectId !== undefined) {
    throw new UsageError(
      `Every row of the ${template.description} modifies project ${template.projectId}; modifies of one project must not overlap, which workers on several machines cannot promise. Run it without --queue.`,
    );
  }
  // Connect first: a wrong address is told before binding a large file.
  const connection = await cliFlagsOnError(connectRedis(options.queue));
  try {
    await checkPersistence(connection, options.allowVolatileRedis === true);
    const jobs: RowJobData[] = [];
    const invalid: RowResult[] = [];
    const summary = await runBatch({
      rows: rowsFromFile(options.data, dataOptions(options)),
      template,
      dryRun: true,
      ...omitUndefined({ estimate: base === undefined ? undefined : { base }, keyColumn: options.keyColumn }),
      onRequest: ({ row, rowKey, request, cubes }) =>
        jobs.push({ batchId, row, rowKey, kind: request.kind, body: request.body, cubes }),
      results: {
        write: (result) => {
          if (result.status === 'failed') invalid.push(result);
        },
        close: () => {},
      },
      onEvent: (event) => {
        if (event.type === 'warning') process.stderr.write(`vsynth: warning: ${withCliFlags(event.message)}\n`);
      },
    }).catch((error: unknown) => {
      throw errorWithCliFlags(error);
    });
    if (template.kind === 'modify') {
      const seen = new Map<string, number>();
      for (const job of jobs) {
        const project = String(job.body['projectId']);
        const first = seen.get(project);
        if (first !== undefined)
          throw new UsageError(
            `Rows ${first} and ${job.row} modify the same project ${project}; modifies of one project must not overlap, which the queue cannot promise. Give each row its own project, or run without --queue.`,
          );
        seen.set(project, job.row);
      }
    }
    const enqueued = await cliFlagsOnError(
      enqueueBatch({
        redis: connection.redis,
        settings: {
          batchId,
          template: template.description,
          kind: template.kind,
          rows: summary.rows,
          queued: jobs.length,
          ...(options.projectNames === false ? { nameProjects: false } : {}),
          ...omitUndefined({
            rps: options.rps,
            maxCubes: options.maxCubes,
            maxAttempts: options.maxAttempts,
            webhookUrl: options.webhookUrl,
            retentionDays: options.retention,
          }),
          created: new Date().toISOString(),
        },
        jobs,
        invalid,
        ...(options.resendUnknown ? { resendUnknown: true } : {}),
      }),
    );
    for (const result of invalid.slice(0, 50)) {
      process.stderr.write(
        `${result.issues?.length ? result.issues.map(formatIssue).join('\n') : `✖ row ${result.row}: ${result.errorMessage ?? 'invalid'}`}\n`,
      );
    }
    process.stdout.write(
      `${JSON.stringify({ batchId, rows: summary.rows, queued: jobs.length, invalid: invalid.length, added: enqueued.added, alreadyQueued: enqueued.existing, estimatedCubes: summary.cubes }, null, 2)}\n`,
    );
    process.stderr.write(
      `vsynth: batch ${batchId}: ${jobs.length} row${jobs.length === 1 ? '' : 's'} in the queue ${connection.url.display} (${enqueued.added} added now); run \`vsynth worker --queue ${connection.url.display}\` and follow with \`vsynth batch status --queue … --batch-id ${batchId} --wait\`.\n`,
    );
    if (invalid.length > 0) {
      throw new TemplateError(
        `${invalid.length} row${invalid.length === 1 ? ' is' : 's are'} invalid (listed above) and not enqueued; the ${jobs.length} valid rows of batch ${batchId} are.`,
        [],
      );
    }
  } finally {
    await connection.close();
  }
}

/**
 * Refuses a Redis that a restart would empty of the batch (rows charged for would be lost track of),
 * unless `allowVolatile`: then, and when the server does not say, a warning.
 */
async function checkPersistence(connection: QueueConnection, allowVolatile: boolean): Promise<void> {
  const { redisPersistence } = await loadQueue();
  const persistence = await redisPersistence(connection.redis);
  const where = `The Redis at ${connection.url.display}`;
  if (persistence === undefined) {
    process.stderr.write(
      `vsynth: warning: ${where} does not answer CONFIG GET, so its persistence is unknown; make sure it keeps an append-only file (appendonly yes), or a restart may lose the batch.\n`,
    );
    return;
  }
  if (persistence.durable) return;
  if (allowVolatile) {
    process.stderr.write(
      `vsynth: warning: ${where} would lose the batch on a restart: ${persistence.detail}. Enqueued anyway (--allow-volatile-redis).\n`,
    );
    return;
  }
  throw new UsageError(
    `${where} would lose the batch on a restart: ${persistence.detail}. Turn on its append-only file (appendonly yes in redis.conf, or CONFIG SET appendonly yes), or pass --allow-volatile-redis to enqueue anyway.`,
  );
}

interface QueueReadOptions {
  readonly queue: string;
  readonly batchId: string;
}

/**
 * Registers `vsynth batch status` and `vsynth batch results` under `batch`.
 *
 * @example
 * registerBatchQueueCommands(batchCommand); // vsynth batch status --queue redis://127.0.0.1:6379 --batch-id b1 --wait
 */
export function registerBatchQueueCommands(batch: Command): void {
  batch
    .command('status')
    .description('Show a queued batch: rows waiting, active, done, failed, unknown, cubes spent, rows/s')
    .requiredOption('--queue <url>', 'Redis of the queue, redis://HOST:PORT[/DB]')
    .requiredOption('--batch-id <id>', 'batch id printed by `vsynth batch --queue`')
    .option('--json', 'print the status as JSON')
    .option(
      '--wait',
      'follow the batch until every row has its result (bar on a terminal, JSON lines otherwise); exit 6 if rows failed or are unknown',
    )
    .addOption(
      new Option('--interval <seconds>', 'seconds between reads with --wait (default 1)').argParser((text) => {
        const value = Number(text);
        if (!(value > 0)) throw new UsageError(`--interval takes a positive number of seconds, received "${text}".`);
        return value;
      }),
    )
    .action(async (options: QueueReadOptions & { json?: boolean; wait?: boolean; interval?: number }) => {
      await batchStatusCommand(options);
    });
  batch
    .command('results')
    .description('Write the results file of a queued batch (same columns as a local batch)')
    .requiredOption('--queue <url>', 'Redis of the queue, redis://HOST:PORT[/DB]')
    .requiredOption('--batch-id <id>', 'batch id printed by `vsynth batch --queue`')
    .requiredOption('--out <file>', 'results file, .csv, .ndjson or .json (array)')
    .action(async (options: QueueReadOptions & { out: string }) => {
      await batchResultsCommand(options);
    });
  batch
    .command('forget')
    .description(
      'Remove a queued batch from Redis: its keys and its rows still queued (refused while rows are in flight)',
    )
    .requiredOption('--queue <url>', 'Redis of the queue, redis://HOST:PORT[/DB]')
    .requiredOption('--batch-id <id>', 'batch id printed by `vsynth batch --queue`')
    .action(async (options: QueueReadOptions) => {
      const { connectRedis, forgetBatch } = await import('@vsynth/queue');
      const connection = await cliFlagsOnError(connectRedis(options.queue));
      try {
        const forgotten = await forgetBatch(connection.redis, options.batchId);
        if (forgotten.keys === 0 && forgotten.jobs === 0)
          throw new UsageError(
            `The queue ${connection.url.display} has no batch ${options.batchId}; nothing to forget.`,
          );
        process.stderr.write(
          `vsynth: forgot batch ${options.batchId}: ${forgotten.keys} keys and ${forgotten.jobs} queued rows removed from ${connection.url.display}.\n`,
        );
      } finally {
        await connection.close();
      }
    });
}

async function batchStatusCommand(
  options: QueueReadOptions & { json?: boolean; wait?: boolean; interval?: number },
): Promise<void> {
  const { connectRedis, readBatch } = await loadQueue();
  const connection = await cliFlagsOnError(
    connectRedis(options.queue, { onDown: (message) => process.stderr.write(`vsynth: ${message}\n`) }),
  );
  try {
    let { status } = await cliFlagsOnError(readBatch(connection.redis, options.batchId));
    if (!options.wait) {
      process.stdout.write(options.json ? `${JSON.stringify(status)}\n` : describeStatus(status));
      return;
    }
    const bar = process.stderr.isTTY && !options.json ? progressBar(status.rows) : undefined;
    const shown = { done: 0, failed: 0, unknown: 0 };
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      for (;;) {
        if (bar === undefined) process.stdout.write(`${JSON.stringify(status)}\n`);
        else {
          for (const key of ['done', 'failed', 'unknown'] as const) {
            for (; shown[key] < status[key]; shown[key]++)
              bar.update({ type: 'row', row: 0, rowKey: '', status: key, attempts: 1 });
          }
        }
        if (status.finished || controller.signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, (options.interval ?? 1) * 1000));
        ({ status } = await readBatch(connection.redis, options.batchId));
      }
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      bar?.finish();
    }
    if (bar !== undefined) process.stdout.write(describeStatus(status));
    if (!status.finished)
      throw batchError(
        `Stopped following batch ${options.batchId} before it finished (${status.waiting + status.active} rows to go); its workers go on.`,
      );
    if (status.failed + status.unknown > 0) {
      throw batchError(
        `Batch ${options.batchId} finished with ${status.failed} failed and ${status.unknown} unknown rows; \`vsynth batch results --queue … --batch-id ${options.batchId} --out results.csv\` lists them.`,
      );
    }
  } finally {
    await connection.close();
  }
}

async function batchResultsCommand(options: QueueReadOptions & { out: string }): Promise<void> {
  const { connectRedis, readBatch } = await loadQueue();
  const { openResultsFile } = await import('@vsynth/batch');
  const connection = await cliFlagsOnError(connectRedis(options.queue));
  try {
    const { status, results } = await cliFlagsOnError(readBatch(connection.redis, options.batchId));
    const file = openResultsFile(options.out);
    try {
      for (const result of results) file.write(resultWithCliFlags(result));
    } finally {
      file.close();
    }
    process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
    if (!status.finished)
      throw batchError(
        `Batch ${options.batchId} is not finished: ${options.out} lists the ${results.length} rows with a result; ${status.waiting + status.active} rows are still waiting or in flight.`,
      );
    if (status.failed + status.unknown > 0)
      throw batchError(
        `Batch ${options.batchId} has ${status.failed} failed and ${status.unknown} unknown rows; see ${options.out}.`,
      );
  } finally {
    await connection.close();
  }
}

function describeStatus(status: QueuedBatchStatus): string {
  return `batch ${status.batchId} (${status.template}): ${status.rows} rows — ${status.waiting} waiting, ${status.active} active, ${status.done} done, ${status.failed} failed, ${status.unknown} unknown; ${status.cubes} cubes; ${status.rowsPerSecond} rows/s${status.finished ? '; finished' : ''}${status.stopped === undefined ? '' : `; stopped (${status.stopped})`}\n`;
}
