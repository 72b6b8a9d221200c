import { existsSync, fdatasync, ftruncateSync } from 'node:fs';
import { promisify } from 'node:util';
import { UsageError } from '@vsynth/core';
import { checkWritable } from './check-writable.js';
import { checkBoolean, checkOneOf, checkOptionsObject, checkString } from './option-checks.js';
import type { JournalBatchEntry } from './journal-entry.js';
import { lockJournal, type JournalLock } from './journal-lock.js';
import { Journal } from './journal.js';
import { readJournal } from './read-journal.js';
import { repairJournalTail } from './repair-journal-tail.js';

export interface OpenJournalOptions {
  /** Continue an existing journal; without it, a journal that records rows is an error. */
  readonly resume?: boolean;
  /** Identity of a new batch (ignored when resuming). */
  readonly batch: { readonly id: string; readonly template: string };
  /**
   * `fsync` (default): an `attempt` is on disk before its request is sent (survives a power cut).
   * `write`: lines are handed to the operating system at once (survive a crash of the process).
   */
  readonly durability?: 'fsync' | 'write';
  readonly now?: () => Date;
  /** Makes the written lines durable; default `fdatasync` (thread pool). Tests observe it. */
  readonly fsync?: (fd: number) => Promise<void>;
}

/**
 * Opens a journal (on resume, reads it first); see {@link Journal}. Without `resume`, an existing
 * journal that records rows is an error; one that records none is started over. The file is not
 * written until the first row entry, so a batch refused before sending leaves it as it was.
 *
 * @example const journal = openJournal('people.journal.ndjson', { batch: { id: 'b1', template: 'modify.json' } });
 */
export function openJournal(path: string, options: OpenJournalOptions): Journal {
  checkString('path', path, true);
  checkOptionsObject('openJournal', options);
  checkOptionsObject('`batch`', options.batch);
  checkString('batch.id', options.batch.id, true);
  checkString('batch.template', options.batch.template, true);
  checkBoolean('resume', options.resume);
  checkOneOf('durability', options.durability, ['fsync', 'write']);
  // Held before the journal is read: a second run (fresh or resumed) fails here, having sent nothing.
  const lock = lockJournal(path);
  try {
    return openLocked(path, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openLocked(path: string, options: OpenJournalOptions, lock: JournalLock): Journal {
  const time = (options.now ?? (() => new Date()))().toISOString();
  const found = existsSync(path) ? readJournal(path) : undefined;
  // A journal that records no row (the batch stopped before its first request) is started over.
  const existing = found !== undefined && found.rows.size === 0 && !options.resume ? undefined : found;
  if (existing !== undefined && !options.resume) {
    throw new UsageError(
      `The journal ${path} already records batch ${existing.batch.id}. Pass \`resume: true\` to continue it, or choose another \`journal\` file to start a new batch.`,
    );
  }
  checkWritable(path, 'journal');
  const writing = { durability: options.durability ?? 'fsync', fsync: options.fsync ?? promisify(fdatasync) } as const;
  if (existing !== undefined) {
    const start = { prepare: repairJournalTail, lines: [{ type: 'resume', time } as const] };
    return new Journal(path, start, existing, lock, writing);
  }
  // The batch line goes out with the first attempt, in the commit that attempt waits for.
  const batch: JournalBatchEntry = { type: 'batch', v: 1, ...options.batch, time };
  const prepare = (fd: number) => {
    if (found !== undefined) ftruncateSync(fd, 0);
  };
  return new Journal(path, { prepare, lines: [batch] }, { batch, rows: new Map() }, lock, writing);
}
