/**
 * `vsynth worker --queue redis://…`: runs rows of the batches enqueued with `vsynth batch --queue`
 * until Ctrl-C or SIGTERM (requests in flight finish first).
 */
import { Option, type Command } from 'commander';
import { createClient, omitUndefined } from '@vsynth/core';
import { numberOption } from '../option-parsers.js';
import { stopOnSignals } from '../stop-on-signals.js';
import { webhookRefusalLine } from '../webhook-refusal-line.js';
import { webhookSecretFrom } from '../webhook-secret.js';
import { cliFlagsOnError } from './with-cli-flags.js';
import { loadQueue } from '../load-queue.js';

interface WorkerOptions {
  readonly queue: string;
  readonly concurrency?: number;
  readonly resendUnknown?: boolean;
  readonly stalledCheck?: number;
  readonly events?: 'jsonl' | 'none';
  readonly collectWebhooks?: boolean;
  readonly webhookHost?: string;
  readonly webhookPort?: number;
  readonly baseUrl?: string;
  readonly legacyBaseUrl?: string;
}

/**
 * Registers `vsynth worker`. Exit 0 after a clean stop; 2 for a bad or unreachable `--queue`.
 *
 * @example registerWorker(program) // vsynth worker --queue redis://127.0.0.1:6379 --concurrency 8
 */
export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description('Run rows of queued batches (vsynth batch --queue) from Redis until Ctrl-C; start as many as you like')
    .requiredOption('--queue <url>', 'Redis of the queue, redis://[:PASSWORD@]HOST:PORT[/DB]')
    .option(
      '--concurrency <n>',
      'requests in flight at once in this worker (default 4)',
      numberOption('--concurrency', { min: 1, integer: true }),
    )
    .option(
      '--resend-unknown',
      'send rows whose earlier request has no known outcome (its worker died after sending; may spend cubes twice)',
    )
    .option(
      '--stalled-check <seconds>',
      "how long a dead worker's rows wait before another worker takes them over: lock time and stalled-job check interval (default 30)",
      numberOption('--stalled-check', { aboveMin: true }),
    )
    .option(
      '--collect-webhooks',
      'also receive the export webhooks of queued batches (their --webhook-url must reach this listener): unknown rows settle as done, results get videoUrl; needs $VSYNTH_WEBHOOK_SECRET',
    )
    .option('--webhook-host <host>', 'address the webhook listener binds (default 127.0.0.1)')
    .option(
      '--webhook-port <port>',
      'port of the webhook listener (default any free port; printed)',
      numberOption('--webhook-port', { max: 65_535, integer: true }),
    )
    .addOption(
      new Option('--events <format>', 'one JSON line per settled row on stderr (jsonl), or none (default)').choices([
        'jsonl',
        'none',
      ]),
    )
    .option('--base-url <url>', 'service base address (default $VSYNTH_BASE_URL); the key comes from $VSYNTH_API_KEY')
    .option('--legacy-base-url <url>', 'legacy base address (default $VSYNTH_LEGACY_BASE_URL, else --base-url)')
    .addHelpText(
      'after',
      `
The batch's --rps and --max-cubes (set when it was enqueued) hold over all its workers together.
A row whose request was sent by a worker that died before the answer is reported unknown, not
resent. Webhook addresses are signed with $VSYNTH_WEBHOOK_SECRET when the batch has --webhook-url.

Example:
  vsynth batch --template welcome.tsx --data customers.csv --queue redis://127.0.0.1:6379 --rps 20
  vsynth worker --queue redis://127.0.0.1:6379 --concurrency 8     # on each machine`,
    )
    .action(async (options: WorkerOptions) => {
      await runWorkerCommand(options);
    });
}

async function runWorkerCommand(options: WorkerOptions): Promise<void> {
  const secret = webhookSecretFrom(process.env);
  let lastError = '';
  let lastErrorAt = 0;
  const core = await import('@vsynth/core');
  if (options.collectWebhooks && !secret)
    throw new core.UsageError(
      '--collect-webhooks needs $VSYNTH_WEBHOOK_SECRET (it is unset, empty or only white space): set it to the secret every worker signs webhook addresses with.',
    );
  const { connectRedis, recordDelivery, runWorker } = await loadQueue();
  let down = false;
  const connection = await cliFlagsOnError(
    connectRedis(options.queue, {
      onDown: (message) => {
        down = true;
        process.stderr.write(`vsynth: ${message}\n`);
      },
    }),
  );
  const client = createClient(omitUndefined({ baseUrl: options.baseUrl, legacyBaseUrl: options.legacyBaseUrl }));
  const stop = stopOnSignals(
    'vsynth: stopping: finishing requests in flight; rows not started stay in the queue (Ctrl-C again to quit at once)\n',
  );
  process.stderr.write(`vsynth: worker on ${connection.url.display}, concurrency ${options.concurrency ?? 4}\n`);
  const listener = options.collectWebhooks
    ? await core.listenForWebhooks({
        secret: secret!,
        ...omitUndefined({ host: options.webhookHost, port: options.webhookPort }),
        onDelivery: (delivery) => {
          recordDelivery(connection.redis, {
            correlationId: delivery.correlationId,
            videoUrl: delivery.videoUrl,
            duration: delivery.duration,
          }).catch((error: unknown) =>
            process.stderr.write(
              `vsynth: could not record a webhook delivery: ${error instanceof Error ? error.message : String(error)}\n`,
            ),
          );
        },
        onRejected: (rejection) => process.stderr.write(`vsynth: ${webhookRefusalLine(rejection)}\n`),
      })
    : undefined;
  if (listener !== undefined) process.stderr.write(`vsynth: collecting webhooks at ${listener.url}\n`);
  try {
    const { rows, lost } = await runWorker({
      redis: connection.redis,
      client,
      ...omitUndefined({ concurrency: options.concurrency }),
      ...(options.resendUnknown ? { resendUnknown: true } : {}),
      ...(options.stalledCheck === undefined
        ? {}
        : { lockMs: options.stalledCheck * 1000, stalledCheckMs: options.stalledCheck * 1000 }),
      ...(secret ? { webhookSecret: secret } : {}),
      ...(options.events === 'jsonl'
        ? {
            onRow: (result) =>
              process.stderr.write(
                `${JSON.stringify({ type: 'row', batchId: result.batchId, row: result.row, status: result.status, attempts: result.attempts, ...omitUndefined({ reason: result.reason }) })}\n`,
              ),
          }
        : {}),
      onError: (message) => {
        // A Redis outage makes BullMQ report the same failure many times a second: say it once per 10 s.
        const now = Date.now();
        if (message === lastError && now - lastErrorAt < 10_000) return;
        lastError = message;
        lastErrorAt = now;
        process.stderr.write(`vsynth: queue: ${message}\n`);
      },
      signal: stop.signal,
      // Said only once the batches it ran are known to be still there (a Redis without persistence comes back empty).
      onReconnected: () => {
        if (!down) return;
        down = false;
        process.stderr.write('vsynth: Redis is back with the batches this worker ran; continuing.\n');
      },
    });
    if (lost !== undefined)
      throw core.batchError(`${lost} The worker stopped after ${rows} row${rows === 1 ? '' : 's'}.`);
    process.stderr.write(`vsynth: worker stopped after ${rows} row${rows === 1 ? '' : 's'}\n`);
  } finally {
    stop.dispose();
    await listener?.close();
    await connection.close();
  }
}
