import { existsSync } from 'node:fs';
import { UsageError, omitUndefined } from '@vsynth/core';
import { openJournal } from './open-journal.js';
import { readJournal } from './read-journal.js';
import type { RowState } from './row-lifecycle.js';

/** A row sent without a known outcome, with what identifies it at the service. */
export interface UnknownRow {
  readonly row: number;
  readonly rowKey: string;
  /** When its last request was sent (ISO time), if the journal says. */
  readonly sentAt?: string;
  /** Correlation id carried by its webhook address (`<batch>.<row>`). */
  readonly correlationId?: string;
  /** The project a modify row changed. */
  readonly projectId?: string;
  /** The name its create gave the project (`vsynth <batch>.<row> <key>`): search the project list for it. */
  readonly projectName?: string;
  readonly attempts: number;
  readonly reason: string;
}

/**
 * The rows of a journal whose request was sent but whose outcome is not known, in row order: look
 * each one up at the service (by project, time or correlation id), then record what you found
 * with {@link settleRow}.
 *
 * @example for (const row of unknownRows('people.journal.ndjson')) console.log(row.row, row.rowKey, row.sentAt);
 */
export function unknownRows(journal: string): UnknownRow[] {
  const state = existingJournal(journal);
  return [...state.rows]
    .filter(([, row]) => row.status === 'attempt' || row.status === 'unknown')
    .sort(([a], [b]) => a - b)
    .map(([row, recorded]) => unknownRow(row, recorded));
}

/**
 * What finds a row sent without a known outcome at the service, from its recorded state.
 *
 * @example unknownRow(12, state) // { row: 12, rowKey: 'ana@example.com', sentAt, correlationId: 'b1.12', … }
 */
export function unknownRow(row: number, recorded: RowState): UnknownRow {
  return {
    row,
    rowKey: recorded.key,
    attempts: recorded.attempts,
    reason: recorded.reason ?? 'no_outcome',
    ...omitUndefined({
      sentAt: recorded.sentAt,
      correlationId: recorded.cid,
      projectId: recorded.projectId,
      projectName: recorded.name,
    }),
  };
}

export interface SettleRowOptions {
  readonly row: number;
  /** The service accepted it: the project found for it. A resume skips it. */
  readonly done?: string;
  /** The service has no trace of it: a resume sends it. */
  readonly notSent?: boolean;
}

/**
 * Records in the journal what a person found for an unknown row, so `resume` neither sends again a
 * row that was accepted nor leaves one that was not. Refused for a row that is not unknown, and
 * while a batch holds the journal.
 *
 * @example settleRow('people.journal.ndjson', { row: 12, done: 'p-81f2' })
 * @example settleRow('people.journal.ndjson', { row: 13, notSent: true })
 */
export function settleRow(journal: string, options: SettleRowOptions): RowState {
  checkSettleRowOptions(options);
  const state = existingJournal(journal);
  const recorded = state.rows.get(options.row);
  if (recorded === undefined)
    throw new UsageError(`Row ${options.row} was never sent in the batch of ${journal}: there is nothing to settle.`);
  if (recorded.status !== 'attempt' && recorded.status !== 'unknown')
    throw new UsageError(`Row ${options.row} is ${recorded.status}, not unknown: only unknown rows are settled.`);
  const open = openJournal(journal, { resume: true, batch: { id: state.batch.id, template: state.batch.template } });
  try {
    const time = new Date().toISOString();
    const key = recorded.key;
    if (options.done !== undefined)
      open.append({ type: 'done', row: options.row, key, via: 'settled', projectId: options.done.trim(), time });
    else
      open.append({
        type: 'failed',
        row: options.row,
        key,
        reason: 'not_sent',
        code: 'VSYNTH_BATCH',
        message: 'Settled as not sent: the service had no project for this row, so a resume sends it.',
        time,
      });
  } finally {
    open.close();
  }
  return readJournal(journal)!.rows.get(options.row)!;
}

/**
 * Throws `UsageError` unless `options` settle a row one way: `done` with a project id, or `notSent`.
 *
 * @example checkSettleRowOptions({ row: 3, done: 'p-1' })
 */
export function checkSettleRowOptions(options: SettleRowOptions): void {
  if (!Number.isInteger(options.row) || options.row < 1)
    throw new UsageError(`\`row\` takes a row number (1 or more); received ${String(options.row)}.`);
  if ((options.done === undefined) === (options.notSent !== true))
    throw new UsageError('Settle a row as `done` (with the project id found) or as `notSent`, one of the two.');
  if (options.done !== undefined && (typeof options.done !== 'string' || options.done.trim() === ''))
    throw new UsageError('`done` takes the id of the project the service made for the row.');
}

function existingJournal(journal: string) {
  const state = existsSync(journal) ? readJournal(journal) : undefined;
  if (state === undefined)
    throw new UsageError(`There is no batch journal at ${journal}; give the batch's \`journal\`.`);
  return state;
}
