import { UsageError, ValidationError, forEachLineSync, issue } from '@vsynth/core';
import { applyJournalEntry, type JournalBatchEntry, type JournalEntry, type JournalState } from './journal-entry.js';
import type { RowState } from './row-lifecycle.js';

/**
 * Reads a journal into the state of each row (undefined for an empty file). A partial last line
 * (the process was killed while writing it) is ignored; any other unreadable line is an error
 * naming it.
 *
 * @example
 * const state = readJournal('people.journal.ndjson');
 * const unknown = [...(state?.rows ?? [])].filter(([, row]) => row.status === 'attempt' || row.status === 'unknown');
 */
export function readJournal(path: string): JournalState | undefined {
  const rows = new Map<number, RowState>();
  let batch: JournalBatchEntry | undefined;
  let blank = true;
  // Line by line: the journal of a batch of a few million rows outgrows the longest string Node can hold.
  forEachLineSync(path, (line, number, ended) => {
    if (line.trim() === '') return;
    blank = false;
    let entry: JournalEntry;
    try {
      entry = JSON.parse(line) as JournalEntry;
    } catch {
      if (!ended) return;
      throw damagedJournal(path, number, 'not JSON');
    }
    if (typeof entry !== 'object' || entry === null || typeof (entry as { type?: unknown }).type !== 'string') {
      if (batch === undefined) throw notAJournal(path);
      throw damagedJournal(path, number, 'not a journal entry');
    }
    if (entry.type === 'batch') batch ??= entry;
    else applyJournalEntry(rows, entry);
  });
  if (batch === undefined) {
    if (blank) return undefined;
    throw notAJournal(path);
  }
  return { batch, rows };
}

function notAJournal(path: string): UsageError {
  return new UsageError(
    `The file ${path} is not a vsynth batch journal (no batch line). Choose another \`journal\` file.`,
  );
}

/** A damaged journal is invalid input (exit 3), not a batch with failed rows. */
function damagedJournal(path: string, line: number, what: string): ValidationError {
  const message = `The journal ${path} is damaged at line ${line}: ${what}. Move it aside to start over (rows it recorded as done would be sent again).`;
  const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `journal ${path}` });
  failure.message = message;
  return failure;
}
