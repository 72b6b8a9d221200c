import { rowStateAfter, type RowRecord, type RowState } from './row-lifecycle.js';

/** First line of a journal: which batch it records. */
export interface JournalBatchEntry {
  readonly type: 'batch';
  readonly v: 1;
  readonly id: string;
  readonly template: string;
  readonly time: string;
}

/** A new run of the same batch (`resume: true`). */
export interface JournalResumeEntry {
  readonly type: 'resume';
  readonly time: string;
}

/** One line of a journal: the batch line, a resume line, or a row's record. */
export type JournalEntry = JournalBatchEntry | JournalResumeEntry | RowRecord;

/** What a journal records: its batch, and each row's state. */
export interface JournalState {
  readonly batch: JournalBatchEntry;
  readonly rows: Map<number, RowState>;
}

/**
 * Applies one entry to the row states it changes (the batch and resume lines change none).
 *
 * @example applyJournalEntry(state.rows, { type: 'done', row: 1, key: 'k', via: 'response', time })
 */
export function applyJournalEntry(rows: Map<number, RowState>, entry: JournalEntry): void {
  if (entry.type === 'batch' || entry.type === 'resume') return;
  const after = rowStateAfter(rows.get(entry.row), entry);
  if (after !== undefined) rows.set(entry.row, after);
}
