import { existsSync, fdatasyncSync, ftruncateSync, openSync } from 'node:fs';
import { UsageError } from '@vsynth/core';
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
  /** Makes the written lines durable; default `fdatasyncSync` of `node:fs`. Tests observe it. */
  readonly fsync?: (fd: number) => void;
}

/**
 * Opens a journal (on resume, reads it first); see {@link Journal}. Without `resume`, an existing
 * journal that records rows is an error; one that records none is started over.
 *
 * @example const journal = openJournal('people.journal.ndjson', { batch: { id: 'b1', template: 'modify.json' } });
 */
export function openJournal(path: string, options: OpenJournalOptions): Journal {
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
  const writing = { durability: options.durability ?? 'fsync', fsync: options.fsync ?? fdatasyncSync } as const;
  const fd = openSync(path, 'a+');
  if (existing !== undefined) {
    repairJournalTail(fd);
    const journal = new Journal(path, fd, existing, lock, writing);
    journal.append({ type: 'resume', time });
    return journal;
  }
  if (found !== undefined) ftruncateSync(fd, 0);
  const batch: JournalBatchEntry = { type: 'batch', v: 1, ...options.batch, time };
  const journal = new Journal(path, fd, { batch, rows: new Map() }, lock, writing);
  journal.append(batch);
  // Durable before the first row: a journal without its batch line is no journal.
  const failure = journal.commit();
  if (failure !== undefined) {
    journal.close();
    throw failure;
  }
  return journal;
}
