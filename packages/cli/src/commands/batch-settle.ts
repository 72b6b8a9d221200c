/**
 * `vsynth batch unknown` and `vsynth batch settle`: list a batch's rows sent without a known outcome
 * (a local batch's journal, or a queued batch in Redis), and record what the user found for each,
 * so `--resume` (or enqueueing again) neither resends an accepted row nor leaves one never accepted.
 */
import type { Command } from 'commander';
import { UsageError } from '@vsynth/core';
import type { SettleRowOptions, UnknownRow } from '@vsynth/batch';
import { loadQueue } from '../load-queue.js';
import { numberOption } from '../option-parsers.js';
import { cliFlagsOnError } from './with-cli-flags.js';

/** Where the batch is: its journal, or its queue and id. */
interface BatchPlace {
  readonly journal?: string;
  readonly queue?: string;
  readonly batchId?: string;
}

/** `--journal FILE`, or `--queue URL --batch-id ID`: one of the two. */
function checkPlace(place: BatchPlace): void {
  const queued = place.queue !== undefined || place.batchId !== undefined;
  if (
    (place.journal !== undefined) === queued ||
    (queued && (place.queue === undefined || place.batchId === undefined))
  )
    throw new UsageError(
      "Give the batch's --journal FILE, or --queue URL with --batch-id ID for a queued batch, one of the two.",
    );
}

/** The batch's name in messages and in the advice's commands. */
function placeFlags(place: BatchPlace): string {
  return place.journal !== undefined
    ? `--journal ${place.journal}`
    : `--queue ${place.queue} --batch-id ${place.batchId}`;
}

async function listUnknown(place: BatchPlace): Promise<UnknownRow[]> {
  if (place.journal !== undefined) {
    const { unknownRows } = await import('@vsynth/batch');
    return unknownRows(place.journal);
  }
  const { connectRedis, unknownQueuedRows } = await loadQueue();
  const connection = await connectRedis(place.queue!);
  try {
    return await unknownQueuedRows(connection.redis, place.batchId!);
  } finally {
    await connection.close();
  }
}

async function settle(place: BatchPlace, options: SettleRowOptions): Promise<void> {
  if (place.journal !== undefined) {
    const { settleRow } = await import('@vsynth/batch');
    settleRow(place.journal, options);
    return;
  }
  const { connectRedis, settleQueuedRow } = await loadQueue();
  const connection = await connectRedis(place.queue!);
  try {
    await settleQueuedRow(connection.redis, place.batchId!, options);
  } finally {
    await connection.close();
  }
}

/**
 * Registers `batch unknown` and `batch settle` under `batch`.
 *
 * @example registerBatchSettleCommands(batchCommand) // vsynth batch settle --journal j.ndjson --row 12 --not-sent
 */
export function registerBatchSettleCommands(batch: Command): void {
  batch
    .command('unknown')
    .description("List a batch's rows sent without a known outcome, with what finds each at the service")
    .option('--journal <file>', "the batch's journal")
    .option('--queue <url>', 'a queued batch: Redis of the queue, redis://HOST:PORT[/DB]')
    .option('--batch-id <id>', 'with --queue, the batch id')
    .option('--json', 'one JSON object per row')
    .action(async (options: BatchPlace & { json?: boolean }) => {
      checkPlace(options);
      const rows = await cliFlagsOnError(Promise.resolve().then(() => listUnknown(options)));
      for (const row of rows) {
        if (options.json) process.stdout.write(`${JSON.stringify(row)}\n`);
        else
          process.stdout.write(
            `row ${row.row}\tkey ${row.rowKey}\tsent ${row.sentAt ?? '?'}\tcorrelation id ${row.correlationId ?? '-'}${row.projectId === undefined ? '' : `\tproject ${row.projectId}`}${row.projectName === undefined ? '' : `\tproject name ${row.projectName}`}\n`,
          );
      }
      const where = options.journal ?? `batch ${options.batchId}`;
      const then = options.journal !== undefined ? '--resume' : 'enqueue the batch again';
      process.stderr.write(
        rows.length === 0
          ? `vsynth: no unknown rows in ${where}.\n`
          : `vsynth: ${rows.length} unknown row${rows.length === 1 ? '' : 's'}: look each up in the service's project list (by its project name, or around the time sent; a webhook delivery carries the correlation id), then \`vsynth batch settle ${placeFlags(options)} --row N --done PROJECT_ID\` or \`--not-sent\`, and ${then}.\n`,
      );
    });
  batch
    .command('settle')
    .description(
      'Record what you found for an unknown row: --done PROJECT_ID (never sent again) or --not-sent (sent by --resume, or by enqueueing again)',
    )
    .option('--journal <file>', "the batch's journal")
    .option('--queue <url>', 'a queued batch: Redis of the queue, redis://HOST:PORT[/DB]')
    .option('--batch-id <id>', 'with --queue, the batch id')
    .requiredOption('--row <n>', 'the row number', numberOption('--row', { min: 1, integer: true }))
    .option('--done <projectId>', 'the service accepted it: the project it made')
    .option('--not-sent', 'the service has no trace of it: --resume (or enqueueing the batch again) sends it')
    .action(async (options: BatchPlace & { row: number; done?: string; notSent?: boolean }) => {
      checkPlace(options);
      if ((options.done === undefined) === (options.notSent !== true))
        throw new UsageError('Give --done PROJECT_ID or --not-sent, one of the two.');
      const settled = options.done === undefined ? { notSent: true } : { done: options.done };
      await cliFlagsOnError(Promise.resolve().then(() => settle(options, { row: options.row, ...settled })));
      const resend =
        options.journal !== undefined
          ? '--resume sends it'
          : `enqueueing the batch again (the same \`vsynth batch --queue … --batch-id ${options.batchId}\`) sends it`;
      const skip = options.journal !== undefined ? '--resume skips it' : 'no worker sends it';
      process.stderr.write(
        `vsynth: row ${options.row} settled as ${options.done === undefined ? `not sent: ${resend}` : `done (project ${options.done}): ${skip}`}.\n`,
      );
    });
}
