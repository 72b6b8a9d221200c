/**
 * `vsynth batch --template FILE --data FILE …`: one modify or create request per data row, with
 * bounded concurrency, a journal for `--resume`, a results file and a summary on stdout.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { Option, type Command } from 'commander';
import {
  TemplateError,
  UsageError,
  batchError,
  configuredSecrets,
  createClient,
  formatIssue,
  listenForWebhooks,
  omitUndefined,
  redactSecrets,
  writeWhole,
  type WebhookListener,
} from '@vsynth/core';
// The batch and templates packages (Handlebars, csv-parse, the TSX compiler) load only when the command runs.
import type { BatchEvent, BatchSummary, ResultsSink, WebhookCollector, WebhookDeliveryInfo } from '@vsynth/batch';
import type { BatchRequest, LoadTemplateOptions, RowsFromFileOptions } from '@vsynth/templates';
import { addAssetFlags, type AssetFlags } from '../asset-flags.js';
import { collectRepeated, numberOption } from '../option-parsers.js';
import { stopOnSignals } from '../stop-on-signals.js';
import { webhookRefusalLine } from '../webhook-refusal-line.js';
import { webhookSecretFrom } from '../webhook-secret.js';
import { progressBar } from './progress-bar.js';
import { errorWithCliFlags, resultWithCliFlags, withCliFlags } from './with-cli-flags.js';
import { registerBatchQueueCommands } from './batch-queue.js';
import { registerBatchSettleCommands } from './batch-settle.js';
import type { RowPreviews } from './batch-preview.js';
import { withTextOverflowChecks } from './text-overflow-template.js';

export interface BatchCommandOptions extends AssetFlags {
  readonly template: string;
  readonly data: string;
  readonly slotsFrom?: string;
  readonly locale?: string;
  readonly delimiter?: string;
  readonly rename?: string[];
  readonly keyColumn?: string;
  readonly target?: 'v3' | 'legacy';
  readonly variant?: 'A' | 'B';
  readonly lossy?: boolean;
  readonly concurrency?: number;
  readonly rps?: number;
  readonly maxAttempts?: number;
  readonly journal?: string;
  readonly durability?: 'fsync' | 'write';
  readonly resume?: boolean;
  readonly resendUnknown?: boolean;
  readonly out?: string;
  readonly dryRun?: boolean;
  readonly strict?: boolean;
  /** False with `--no-measure-text`. */
  readonly measureText?: boolean;
  readonly requests?: string;
  readonly preview?: string;
  readonly previewRows?: number;
  readonly maxCubes?: number;
  readonly projectPool?: string[];
  readonly collectWebhooks?: boolean;
  /** False with `--no-project-names`. */
  readonly projectNames?: boolean;
  readonly webhookHost?: string;
  readonly webhookPort?: number;
  readonly webhookUrl?: string;
  readonly webhookWait?: number;
  readonly events?: 'jsonl' | 'bar' | 'none';
  readonly baseUrl?: string;
  readonly legacyBaseUrl?: string;
  readonly allowEmpty?: boolean;
  readonly queue?: string;
  readonly batchId?: string;
  readonly retention?: number;
  readonly allowVolatileRedis?: boolean;
}

/**
 * Registers `vsynth batch`. Exit 0 when every row is done; 6 when rows failed, are unknown, or
 * the batch was interrupted (Ctrl-C, SIGTERM) or stopped at `--max-cubes` (a dry run: would
 * stop); 3 when the template or data is invalid or a dry run finds rows that would fail; 4 when
 * the service refused the credentials or the project every row modifies does not exist (the
 * batch stops); 2 for bad options.
 *
 * @example registerBatch(program) // vsynth batch --template modify.json --data people.csv --out results.csv
 */
export function registerBatch(program: Command): void {
  const batch = program.command('batch');
  addAssetFlags(batch)
    .description('Bind each data row through a template and send one modify or create request per row, resumably')
    .option(
      '--template <file>',
      'template: .json modify template ({projectId, updates}) or payload template, or .tsx component of the row',
    )
    .option('--data <file>', 'rows: .csv, .tsv, .json (array), .ndjson/.jsonl')
    .option('--allow-empty', 'accept a data file without rows (otherwise "no rows in FILE", exit 3)')
    .option(
      '--slots-from <file.tsx>',
      'video whose slot map resolves slot names in a modify template (also makes the cube estimate exact)',
    )
    .option('--locale <bcp47>', 'locale of the number, date, upper and lower helpers (default en-US)')
    .option('--delimiter <char>', 'CSV delimiter (default , and tab for .tsv)')
    .option(
      '--rename <old=new>',
      'rename a CSV header column (repeatable); #N=new renames the Nth column, e.g. one of two of the same name',
      collectRepeated,
    )
    .option(
      '--key-column <name>',
      'column whose value is the row key in journal and results (default: a hash of the row)',
    )
    .addOption(
      new Option('--target <target>', 'TSX template: compile to v3 (default) or legacy').choices(['v3', 'legacy']),
    )
    .addOption(new Option('--variant <variant>', 'TSX template: v3 variant A (default) or B').choices(['A', 'B']))
    .option('--lossy', 'TSX template with --target legacy: drop what legacy cannot express, with a warning each')
    .option(
      '--concurrency <n>',
      'requests in flight at once (default 4; halves on repeated 429)',
      numberOption('--concurrency', { min: 1, integer: true }),
    )
    .option('--rps <n>', 'at most this many requests started per second', numberOption('--rps', { aboveMin: true }))
    .option(
      '--max-attempts <n>',
      'tries per row for 429/5xx/refused connections (default 5)',
      numberOption('--max-attempts', { min: 1, integer: true }),
    )
    .option('--journal <file>', 'journal (NDJSON) making the batch resumable (default <data>.journal.ndjson)')
    .addOption(
      new Option(
        '--durability <mode>',
        'journal flush: fsync each attempt before its request is sent (default), or write (faster; survives a crash of vsynth, not of the machine)',
      ).choices(['fsync', 'write']),
    )
    .option(
      '--resume',
      'continue the batch in --journal: done rows are skipped, failed rows sent again, unknown rows left alone',
    )
    .option(
      '--resend-unknown',
      'with --resume, also send rows whose earlier request has no known outcome (may spend cubes twice)',
    )
    .option(
      '--out <file>',
      'results file, .csv, .ndjson or .json (array): row, rowKey, status, reason, projectId, projectKey, errorCode, errorMessage, attempts, cubes, videoUrl, duration',
    )
    .option('--dry-run', 'bind and validate every row, print failures and the cube estimate, send nothing')
    .option(
      '--strict',
      'a row whose video warns (layout, speech, assets) fails as invalid and is not sent; try it with --dry-run first',
    )
    .option(
      '--no-measure-text',
      "skip measuring each row's text in its box with the preview's fonts (faster on very large batches)",
    )
    .option('--requests <file.ndjson>', 'with --dry-run, write each request that would be sent')
    .option(
      '--preview <dir>',
      "with --dry-run, draw the first scene of each of the first rows' videos to DIR/row-NNNN.png (a modify template needs --slots-from)",
    )
    .option(
      '--preview-rows <n>',
      'rows drawn by --preview (default 10)',
      numberOption('--preview-rows', { min: 1, integer: true }),
    )
    .option(
      '--max-cubes <n>',
      'stop before the estimated cubes would exceed n (with --dry-run: estimate every row, say where a run would stop)',
      numberOption('--max-cubes'),
    )
    .option('--project-pool <ids>', 'comma-separated base projects for a modify template; rows spread over them', list)
    .option(
      '--no-project-names',
      "send creates without the project name vsynth gives them otherwise ('vsynth <batch>.<row> <row key>', unless the template sets name), which finds a row's project in the service's list",
    )
    .option(
      '--collect-webhooks',
      'receive the export webhooks: results get videoUrl and duration; unknown rows settle as done',
    )
    .option('--webhook-host <host>', 'address the webhook listener binds (default 127.0.0.1)')
    .option(
      '--webhook-port <port>',
      'port of the webhook listener (default any free port)',
      numberOption('--webhook-port', { max: 65_535, integer: true }),
    )
    .option(
      '--webhook-url <url>',
      'public address forwarding to the listener, when the service cannot reach it directly',
    )
    .option(
      '--webhook-wait <seconds>',
      'how long to wait for deliveries after the last row (default 60)',
      numberOption('--webhook-wait'),
    )
    .addOption(
      new Option(
        '--events <format>',
        'progress on stderr: bar (default on a terminal), jsonl (default otherwise), none',
      ).choices(['jsonl', 'bar', 'none']),
    )
    .option('--base-url <url>', 'service base address (default $VSYNTH_BASE_URL); the key comes from $VSYNTH_API_KEY')
    .option('--legacy-base-url <url>', 'legacy base address (default $VSYNTH_LEGACY_BASE_URL, else --base-url)')
    .option(
      '--queue <url>',
      'enqueue the valid rows on Redis (redis://HOST:PORT[/DB]) for `vsynth worker`s instead of sending them; prints the batch id',
    )
    .option(
      '--batch-id <id>',
      'with --queue, the batch id (default random); enqueueing the same id again adds no duplicate row (with --resend-unknown: enqueues its unknown rows again, to be sent)',
    )
    .option(
      '--allow-volatile-redis',
      'with --queue, enqueue on a Redis without an append-only file (a restart would lose the batch), with a warning',
    )
    .option(
      '--retention <days>',
      "with --queue, days the batch's Redis keys live after its last activity (default 30); `vsynth batch forget` removes them at once",
      numberOption('--retention', { aboveMin: true }),
    )
    .addHelpText(
      'after',
      `
Row numbers are 1-based data rows: the CSV header and blank lines are not counted.
Results: done (accepted), failed (not accepted, with a reason; safe to send again), unknown (sent but
no answer came back; not resent without --resend-unknown because the service has no idempotency key).

Examples:
  vsynth batch --template examples/batch/greeting/modify.json --slots-from examples/batch/greeting/video.tsx \\
    --data examples/batch/greeting/people.csv --project-pool p1,p2,p3 --out results.csv
  vsynth batch --template examples/batch/create-per-row/welcome.tsx --data examples/batch/create-per-row/customers.csv \\
    --dry-run --max-cubes 500
  vsynth batch --template examples/batch/greeting/modify.json --slots-from examples/batch/greeting/video.tsx \\
    --data examples/batch/greeting/people.csv --dry-run --preview previews --preview-rows 5
  vsynth batch … --resume            # after a crash or Ctrl-C`,
    )
    .action(async (options: BatchCommandOptions) => {
      // Not commander's requiredOption: it would also demand them of `batch status` and `batch results`.
      for (const [flag, value] of [
        ['--template <file>', options.template],
        ['--data <file>', options.data],
      ] as const) {
        if (value === undefined)
          throw new UsageError(
            `required option '${flag}' not specified (a queued batch is read with \`vsynth batch status\` or \`vsynth batch results\`).`,
          );
      }
      if (options.queue !== undefined) {
        await (await import('./batch-queue.js')).enqueueBatchCommand({ ...options, queue: options.queue });
        return;
      }
      if (options.batchId !== undefined) throw new UsageError('--batch-id only applies with --queue.');
      if (options.retention !== undefined) throw new UsageError('--retention only applies with --queue.');
      if (options.allowVolatileRedis) throw new UsageError('--allow-volatile-redis only applies with --queue.');
      await runBatchCommand(options);
    });
  // `batch status --queue …`: options after the subcommand are its own, not batch's (the program has no options of its
  // own).
  program.enablePositionalOptions();
  batch.enablePositionalOptions();
  registerBatchQueueCommands(batch);
  registerBatchSettleCommands(batch);
}

/** Runs `vsynth batch` with parsed options; throws a VsynthError for anything but a clean batch. */
export async function runBatchCommand(options: BatchCommandOptions): Promise<BatchSummary> {
  if (options.resendUnknown && !options.resume) throw new UsageError('--resend-unknown only applies with --resume.');
  if (options.dryRun && options.resume)
    throw new UsageError(
      '--dry-run sends nothing and keeps no journal, so there is nothing to --resume; drop one of them.',
    );
  if (options.requests !== undefined && !options.dryRun)
    throw new UsageError('--requests only applies with --dry-run.');
  if ((options.preview !== undefined || options.previewRows !== undefined) && !options.dryRun)
    throw new UsageError('--preview only applies with --dry-run.');
  if (options.previewRows !== undefined && options.preview === undefined)
    throw new UsageError('--preview-rows needs --preview DIR.');
  const rowsOptions = dataOptions(options);
  const [{ loadTemplate, rowsFromFile }, { openResultsFile, runBatch }] = await Promise.all([
    import('@vsynth/templates'),
    import('@vsynth/batch'),
  ]);
  const loaded = await loadTemplate(options.template, templateOptions(options));
  const { base } = loaded;
  // Each row's text is measured in its box before it is sent (a name too long for its title).
  const template =
    options.measureText === false ? loaded.template : await withTextOverflowChecks(loaded.template, base);

  const client = options.dryRun
    ? undefined
    : createClient(omitUndefined({ baseUrl: options.baseUrl, legacyBaseUrl: options.legacyBaseUrl }));

  const format = options.events ?? (process.stderr.isTTY ? 'bar' : 'jsonl');
  // Read once before anything is sent: a malformed line anywhere refuses the batch with nothing spent.
  // A dry run sends nothing and reads every row itself; it reads the file first only to size the bar.
  const total = options.dryRun && format !== 'bar' ? undefined : await countRows(options.data, rowsOptions);
  const progress = format === 'bar' && total !== undefined ? progressBar(total) : undefined;
  const failures: string[] = [];
  const unknownRows: number[] = [];
  const onEvent = (batchEvent: BatchEvent) => {
    const event =
      'message' in batchEvent && batchEvent.message !== undefined
        ? { ...batchEvent, message: withCliFlags(batchEvent.message) }
        : batchEvent;
    if (format === 'jsonl') process.stderr.write(`${JSON.stringify(event)}\n`);
    else if (progress !== undefined) progress.update(event);
    else if (event.type === 'warning') process.stderr.write(`vsynth: warning: ${event.message}\n`);
  };

  let listener: WebhookListener | undefined;
  let collector: WebhookCollector | undefined;
  if (options.collectWebhooks && !options.dryRun) {
    const secret = webhookSecretFrom(process.env) ?? randomBytes(24).toString('base64url');
    const listeners = new Set<(delivery: WebhookDeliveryInfo) => void>();
    listener = await listenForWebhooks({
      secret,
      ...omitUndefined({ host: options.webhookHost, port: options.webhookPort }),
      // A refused delivery (another secret, a forged or cut address) is a warning, or the user waits out --webhook-wait
      // unaware.
      onRejected: (rejection) => onEvent({ type: 'warning', message: webhookRefusalLine(rejection) }),
      onDelivery: (delivery) => {
        const info: WebhookDeliveryInfo = {
          correlationId: delivery.correlationId,
          videoUrl: delivery.videoUrl,
          duration: delivery.duration,
          location: delivery.location,
        };
        for (const listen of listeners) listen(info);
      },
    });
    collector = {
      url: options.webhookUrl ?? listener.url,
      secret,
      subscribe: (listen) => {
        listeners.add(listen);
        return () => listeners.delete(listen);
      },
    };
  }

  // The requests file is a sink like the results: a configured secret in a row is written as [redacted].
  const requestSecrets = options.requests === undefined ? [] : configuredSecrets();
  // A run hands pool projects out in turn (one row at a time per project); the dry run's requests show the same.
  const pool = options.projectPool === undefined ? undefined : [...new Set(options.projectPool)];
  let poolTurn = 0;
  const previews: RowPreviews | undefined =
    options.preview === undefined
      ? undefined
      : await (await import('./batch-preview.js')).rowPreviews({
          dir: options.preview,
          rows: options.previewRows ?? 10,
          kind: template.kind,
          base,
          baseDir: dirname(options.slotsFrom ?? options.template),
        });

  const requests = options.requests === undefined ? undefined : openRequestsFile(options.requests);
  const stop = stopOnSignals(
    '\nvsynth: interrupted: finishing requests in flight, then writing journal and results (Ctrl-C again to quit at once)\n',
    new Error('interrupted'),
  );

  let summary: BatchSummary;
  try {
    summary = await runBatch({
      rows: rowsFromFile(options.data, rowsOptions),
      template,
      ...omitUndefined({
        client,
        concurrency: options.concurrency,
        rps: options.rps,
        maxAttempts: options.maxAttempts,
        journal: options.dryRun ? undefined : (options.journal ?? defaultJournal(options.data)),
        journalDurability: options.durability,
        projectPool: options.projectPool,
        maxCubes: options.maxCubes,
        estimate: base === undefined ? undefined : { base },
        keyColumn: options.keyColumn,
        webhooks: collector,
        webhookWaitMs: options.webhookWait === undefined ? undefined : options.webhookWait * 1000,
      }),
      ...(options.projectNames === false ? { nameProjects: false } : {}),
      ...(options.resume ? { resume: true } : {}),
      ...(options.resendUnknown ? { resendUnknown: true } : {}),
      ...(options.dryRun ? { dryRun: true } : {}),
      ...(options.strict ? { strict: true } : {}),
      results: teeResults(
        options.out === undefined ? undefined : openResultsFile(options.out),
        failures,
        unknownRows,
        options.data,
      ),
      ...(requests === undefined && previews === undefined
        ? {}
        : {
            onRequest: ({ row, rowKey, request, cubes }) => {
              requests?.write(
                redactSecrets(
                  { row, rowKey, kind: request.kind, cubes, body: withPoolProject(request, pool, poolTurn++) },
                  requestSecrets,
                ),
              );
              previews?.add(row, request);
            },
          }),
      onEvent,
      signal: stop.signal,
    });
    requests?.close();
  } catch (error) {
    // A refused batch leaves the --requests file as it was, like the results file and the journal.
    requests?.abandon();
    throw errorWithCliFlags(error);
  } finally {
    stop.dispose();
    progress?.finish();
    await listener?.close();
  }

  if (previews !== undefined) {
    const drawn = await previews.finish();
    for (const warning of drawn.warnings) process.stderr.write(`${warning}\n`);
    process.stderr.write(
      `vsynth: ${drawn.paths.length} row preview${drawn.paths.length === 1 ? '' : 's'} in ${options.preview}${drawn.paths.length === 0 ? '' : ` (${drawn.paths.map((path) => basename(path)).join(', ')})`}\n`,
    );
  }
  for (const line of failures.slice(0, 50)) process.stderr.write(`${line}\n`);
  if (failures.length > 50)
    process.stderr.write(
      `… and ${failures.length - 50} more failed rows${options.out === undefined ? '' : `; see ${options.out}`}\n`,
    );
  const { warnings, ...printable } = summary;
  process.stdout.write(`${JSON.stringify({ ...printable, warnings: warnings.length }, null, 2)}\n`);
  if (options.dryRun) {
    const endpoint = template.kind === 'modify' ? 'modify' : template.kind === 'legacy' ? 'legacy create' : 'create';
    process.stderr.write(
      `vsynth: dry run: ${summary.ok} of ${summary.rows} rows would send ${summary.ok} ${endpoint} request${summary.ok === 1 ? '' : 's'}, an estimated ${summary.cubes} cubes; ${summary.failed} would fail. Nothing was sent.\n`,
    );
  }

  if (options.dryRun && summary.failed > 0) {
    throw new TemplateError(
      `The dry run found ${summary.failed} row${summary.failed === 1 ? '' : 's'} that would fail (listed above); fix the data or the template.`,
      [],
    );
  }
  if (options.dryRun && summary.stoppedAtMaxCubes) {
    throw batchError(
      `The ${summary.ok} rows need an estimated ${summary.cubes} cubes, over --max-cubes ${options.maxCubes}: a run would stop where the warning above says. Raise --max-cubes to send every row.`,
    );
  }
  const problems = summary.failed + summary.unknown;
  if (summary.interrupted)
    throw batchError(
      `The batch was interrupted after ${summary.rows} rows. Run the same command with --resume to continue.`,
    );
  if (summary.stoppedAtMaxCubes)
    throw batchError(
      `The batch stopped before exceeding --max-cubes ${options.maxCubes}; raise it and run again with --resume to continue.`,
    );
  if (problems > 0) {
    const parts = [
      summary.failed > 0
        ? `${summary.failed} failed (${Object.entries(summary.failedByReason)
            .map(([k, v]) => `${k}: ${v}`)
            .join(', ')})`
        : '',
      summary.unknown > 0
        ? `${summary.unknown} unknown (${rowList(unknownRows)}: sent, no answer; check before --resume --resend-unknown)`
        : '',
    ].filter(Boolean);
    throw batchError(
      `The batch finished with ${parts.join(' and ')}${options.out === undefined ? '' : `; see ${options.out}`}.`,
    );
  }
  return summary;
}

/**
 * Results go to the file, each failed row's issues to the message list (one entry per row), unknown rows' numbers to
 * `unknownRows`.
 */
function teeResults(
  file: ResultsSink | undefined,
  failures: string[],
  unknownRows: number[],
  data: string,
): ResultsSink {
  return {
    write(written) {
      const result = resultWithCliFlags(written);
      file?.write(result);
      if (result.status === 'unknown') unknownRows.push(result.row);
      // Rows not sent because of --max-cubes are told once by the closing message, not row by row.
      if (result.status !== 'failed' || result.reason === 'max_cubes') return;
      // The data file beside the row number: `→ at rows.csv row 12 · updates.title_0`.
      if (result.issues !== undefined && result.issues.length > 0)
        failures.push(
          result.issues.map((item) => formatIssue(item).replace('→ at row ', `→ at ${data} row `)).join('\n'),
        );
      else failures.push(`✖ ${data} row ${result.row}: ${result.reason ?? 'failed'}: ${result.errorMessage ?? ''}`);
    },
    close() {
      file?.close();
    },
    abandon() {
      file?.abandon?.();
    },
  };
}

/** The body a modify row is sent with when it takes its turn of the pool's projects. */
function withPoolProject(request: BatchRequest, pool: readonly string[] | undefined, turn: number): unknown {
  if (pool === undefined || pool.length === 0 || request.kind !== 'modify') return request.body;
  return { ...request.body, projectId: pool[turn % pool.length] };
}

interface NdjsonFile {
  write(value: unknown): void;
  close(): void;
  /** Removes what was written, leaving `path` as it was. */
  abandon(): void;
}

/** Written beside `path` and renamed over it by `close`, so a refused dry run leaves `path` as it was. */
function openRequestsFile(path: string): NdjsonFile {
  if (!/\.(ndjson|jsonl)$/i.test(path)) throw new UsageError(`--requests writes NDJSON: end ${path} with .ndjson.`);
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  let fd: number;
  try {
    fd = openSync(partial, 'w');
  } catch (error) {
    throw new UsageError(
      `Cannot write the requests file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); choose another path.`,
    );
  }
  let buffer = '';
  let open = true;
  const flush = () => {
    try {
      writeWhole(fd, buffer);
    } catch (error) {
      throw batchError(
        `Cannot write the requests file ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); it was left as it was.`,
        { cause: error },
      );
    } finally {
      buffer = '';
    }
  };
  return {
    write(value) {
      buffer += `${JSON.stringify(value)}\n`;
      if (buffer.length > 64 * 1024) flush();
    },
    close() {
      if (!open) return;
      open = false;
      try {
        if (buffer !== '') flush();
      } catch (error) {
        closeSync(fd);
        rmSync(partial, { force: true });
        throw error;
      }
      closeSync(fd);
      renameSync(partial, path);
    },
    abandon() {
      if (open) closeSync(fd);
      open = false;
      rmSync(partial, { force: true });
    },
  };
}

/** `rows 3, 12, 40` (the first 20, in order). */
function rowList(rows: readonly number[]): string {
  const sorted = [...rows].sort((a, b) => a - b);
  return `row${sorted.length === 1 ? '' : 's'} ${sorted.slice(0, 20).join(', ')}${sorted.length > 20 ? ', …' : ''}`;
}

function defaultJournal(data: string): string {
  return `${data.replace(/\.(csv|tsv|json|ndjson|jsonl)$/i, '')}.journal.ndjson`;
}

/**
 * @example rowsFromFile(options.data, dataOptions(options))
 */
export function dataOptions(options: BatchCommandOptions): RowsFromFileOptions {
  const rename = parseRenames(options.rename ?? []);
  return {
    ...(options.allowEmpty === true ? { allowEmpty: true } : {}),
    ...omitUndefined({ delimiter: options.delimiter }),
    ...(Object.keys(rename).length === 0 ? {} : { rename }),
  };
}

/**
 * `loadTemplate`'s options from batch's flags, for a local batch and `--queue` alike.
 *
 * @example await loadTemplate(options.template, templateOptions(options))
 */
export function templateOptions(options: BatchCommandOptions): LoadTemplateOptions {
  if (options.lossy && options.target !== 'legacy')
    throw new UsageError('--lossy only applies to a TSX template compiled with --target legacy.');
  if ((options.assetBaseUrl !== undefined || options.assetRoot !== undefined) && !/\.[cm]?tsx?$/.test(options.template))
    throw new UsageError(
      '--asset-base-url and --asset-root apply to a TSX template; a JSON template is sent with the addresses it holds.',
    );
  return {
    ...omitUndefined({ slotsFrom: options.slotsFrom, locale: options.locale }),
    tsx: {
      ...omitUndefined({
        target: options.target,
        variant: options.variant,
        assetBaseUrl: options.assetBaseUrl,
        assetRoot: options.assetRoot,
      }),
      ...(options.lossy === true ? { lossy: true } : {}),
    },
  };
}

/**
 * `--rename` pairs (`Old header=newName`) as a map of the columns to rename.
 *
 * @example parseRenames(['E-mail=email']) // { 'E-mail': 'email' }
 */
export function parseRenames(pairs: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1)
      throw new UsageError(`--rename takes "Old header=newName" or "#3=newName" (by position), received "${pair}".`);
    out[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return out;
}

function list(value: string): string[] {
  const ids = value
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new UsageError('--project-pool takes comma-separated project ids, e.g. p1,p2,p3.');
  return ids;
}

/** How many rows the data file has, each parsed: a file that cannot be read or parsed throws the batch's own error. */
async function countRows(path: string, options: RowsFromFileOptions): Promise<number> {
  const { rowsFromFile } = await import('@vsynth/templates');
  let count = 0;
  for await (const _row of rowsFromFile(path, options)) count += 1;
  return count;
}
