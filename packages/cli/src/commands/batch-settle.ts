/**
 * `vsynth batch unknown` and `vsynth batch settle`: list a local batch's rows sent without a known
 * outcome, and record what the user found for each, so `--resume` neither resends an accepted
 * row nor leaves one that was never accepted.
 */
import type { Command } from 'commander';
import { UsageError } from '@vsynth/core';
import { numberOption } from '../option-parsers.js';
import { cliFlagsOnError } from './with-cli-flags.js';

/**
 * Registers `batch unknown` and `batch settle` under `batch`.
 *
 * @example registerBatchSettleCommands(batchCommand) // vsynth batch settle --journal j.ndjson --row 12 --not-sent
 */
export function registerBatchSettleCommands(batch: Command): void {
  batch
    .command('unknown')
    .description("List a batch's rows sent without a known outcome, with what finds each at the service")
    .requiredOption('--journal <file>', "the batch's journal")
    .option('--json', 'one JSON object per row')
    .action(async (options: { journal: string; json?: boolean }) => {
      const { unknownRows } = await import('@vsynth/batch');
      const rows = await cliFlagsOnError(Promise.resolve().then(() => unknownRows(options.journal)));
      for (const row of rows) {
        if (options.json) process.stdout.write(`${JSON.stringify(row)}\n`);
        else
          process.stdout.write(
            `row ${row.row}\tkey ${row.rowKey}\tsent ${row.sentAt ?? '?'}\tcorrelation id ${row.correlationId ?? '-'}${row.projectId === undefined ? '' : `\tproject ${row.projectId}`}${row.projectName === undefined ? '' : `\tproject name ${row.projectName}`}\n`,
          );
      }
      process.stderr.write(
        rows.length === 0
          ? `vsynth: no unknown rows in ${options.journal}.\n`
          : `vsynth: ${rows.length} unknown row${rows.length === 1 ? '' : 's'}: look each up in the service's project list (by its project name, or around the time sent; a webhook delivery carries the correlation id), then \`vsynth batch settle --journal ${options.journal} --row N --done PROJECT_ID\` or \`--not-sent\`, and --resume.\n`,
      );
    });
  batch
    .command('settle')
    .description(
      'Record what you found for an unknown row: --done PROJECT_ID (skipped by --resume) or --not-sent (sent)',
    )
    .requiredOption('--journal <file>', "the batch's journal")
    .requiredOption('--row <n>', 'the row number', numberOption('--row', { min: 1, integer: true }))
    .option('--done <projectId>', 'the service accepted it: the project it made')
    .option('--not-sent', 'the service has no trace of it: --resume sends it')
    .action(async (options: { journal: string; row: number; done?: string; notSent?: boolean }) => {
      if ((options.done === undefined) === (options.notSent !== true))
        throw new UsageError('Give --done PROJECT_ID or --not-sent, one of the two.');
      const { settleRow } = await import('@vsynth/batch');
      await cliFlagsOnError(
        Promise.resolve().then(() =>
          settleRow(options.journal, {
            row: options.row,
            ...(options.done === undefined ? { notSent: true } : { done: options.done }),
          }),
        ),
      );
      process.stderr.write(
        `vsynth: row ${options.row} settled as ${options.done === undefined ? 'not sent: --resume sends it' : `done (project ${options.done}): --resume skips it`}.\n`,
      );
    });
}
