/**
 * `vsynth worker --queue redis://…`: runs rows of the batches enqueued with `vsynth batch --queue`
 * until Ctrl-C or SIGTERM (requests in flight finish first).
 */
import type { Command } from 'commander';
import { createClient } from '@vsynth/core';
import { numberOption } from '../option-parsers.js';

interface WorkerOptions {
  readonly queue: string;
  readonly concurrency?: number;
  readonly resendUnknown?: boolean;
  readonly stalledCheck?: number;
  readonly events?: 'jsonl' | 'none';
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
    .option('--concurrency <n>', 'requests in flight at once in this worker (default 4)', numberOption('--concurrency', { min: 1, integer: true }))
    .option('--resend-unknown', 'send rows whose earlier request has no known outcome (its worker died after sending; may spend cubes twice)')
    .option('--stalled-check <seconds>', "how long a dead worker's rows wait before another worker takes them over: lock time and stalled-job check interval (default 30)", numberOption('--stalled-check', { aboveMin: true }))
    .option('--events <format>', 'one JSON line per settled row on stderr (jsonl), or none (default)')
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
  if (options.events !== undefined && options.events !== 'jsonl' && options.events !== 'none') {
    throw new (await import('@vsynth/core')).UsageError(`--events takes jsonl or none, received "${options.events}".`);
  }
  const { connectRedis, runWorker } = await import('@vsynth/queue');
  const connection = await connectRedis(options.queue, {
    onDown: (message) => process.stderr.write(`vsynth: ${message}\n`),
    onUp: () => process.stderr.write('vsynth: Redis is back; continuing.\n'),
  });
  const client = createClient({
    ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    ...(options.legacyBaseUrl === undefined ? {} : { legacyBaseUrl: options.legacyBaseUrl }),
  });
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    interrupts += 1;
    if (interrupts === 1) {
      process.stderr.write('vsynth: stopping: finishing requests in flight; rows not started stay in the queue (Ctrl-C again to quit at once)\n');
      controller.abort();
      return;
    }
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    process.kill(process.pid, signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.stderr.write(`vsynth: worker on ${connection.url.display}, concurrency ${options.concurrency ?? 4}\n`);
  const secret = process.env['VSYNTH_WEBHOOK_SECRET']?.trim();
  try {
    const { rows } = await runWorker({
      redis: connection.redis,
      client,
      ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
      ...(options.resendUnknown ? { resendUnknown: true } : {}),
      ...(options.stalledCheck === undefined ? {} : { lockMs: options.stalledCheck * 1000, stalledCheckMs: options.stalledCheck * 1000 }),
      ...(secret ? { webhookSecret: secret } : {}),
      ...(options.events === 'jsonl'
        ? { onRow: (result) => process.stderr.write(`${JSON.stringify({ type: 'row', batchId: result.batchId, row: result.row, status: result.status, attempts: result.attempts, ...(result.reason === undefined ? {} : { reason: result.reason }) })}\n`) }
        : {}),
      onError: (message) => process.stderr.write(`vsynth: queue: ${message}\n`),
      signal: controller.signal,
    });
    process.stderr.write(`vsynth: worker stopped after ${rows} row${rows === 1 ? '' : 's'}\n`);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await connection.close();
  }
}
