import { closeSync, openSync } from 'node:fs';
import { batchError, redactSecrets, writeWhole } from '@vsynth/core';
import { applyJournalEntry, type JournalEntry, type JournalState } from './journal-entry.js';
import type { JournalLock } from './journal-lock.js';

/** How a journal's lines reach the disk; see {@link OpenJournalOptions}. */
export interface JournalWriting {
  readonly durability: 'fsync' | 'write';
  readonly fsync: (fd: number) => void;
}

/**
 * What the first row entry brings with it: the file is opened (created if need be), `prepare`d
 * (a torn tail cut off, a journal without rows emptied) and `lines` (the batch or resume line) go
 * before the entry. Until then the file is as it was, so a batch refused before sending changes nothing.
 */
export interface JournalStart {
  readonly prepare: (fd: number) => void;
  readonly lines: readonly JournalEntry[];
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/** Journals whose lines may wait for the end of the turn: a process that exits still writes them. */
const openJournals = new Set<Journal>();

/**
 * An append-only NDJSON journal, held by one process at a time (`lockJournal`). An `attempt` entry
 * is on disk before its request is sent, so a batch killed at any moment (even `kill -9`) knows on
 * resume which rows may have reached the service. It never holds request bodies or credentials.
 * The lines of one event-loop turn are written together and made durable by one `fdatasync`.
 *
 * @example
 * const journal = openJournal('people.journal.ndjson', { batch: { id: 'b1', template: 'modify.json' } });
 * await journal.append({ type: 'attempt', row: 1, key: 'k', attempt: 1, cid: 'b1.1', time: new Date().toISOString() });
 * // … only now send row 1's request …
 * journal.close();
 */
export class Journal {
  readonly path: string;
  readonly state: JournalState;
  /** Removed from every line written (configured credentials, webhook secret): a row's data may hold one. */
  secrets: readonly string[] = [];
  #fd: number | undefined;
  #start: JournalStart | undefined;
  #closed = false;
  readonly #lock: JournalLock;
  readonly #writing: JournalWriting;
  /** Lines appended since the last commit. */
  #pending = '';
  /** Attempts appended since the last commit: released by the next. */
  #waiting: Waiter[] = [];
  #commitDue = false;
  /** A write failed: nothing more is recorded, so no row is sent. */
  #broken: Error | undefined;

  constructor(path: string, start: JournalStart, state: JournalState, lock: JournalLock, writing: JournalWriting) {
    this.path = path;
    this.#start = start;
    this.state = state;
    this.#lock = lock;
    this.#writing = writing;
    keepForExit(this);
  }

  /**
   * Appends one entry. An `attempt` returns a promise that resolves once its line is written and
   * fsynced (at the end of this turn): await it before sending the row's request. Other entries
   * return nothing to wait for: an outcome lost with the machine leaves the row's attempt last,
   * which resumes as `unknown`, never resent.
   */
  append(entry: JournalEntry): Promise<void> | undefined {
    if (this.#closed) throw batchError(`The journal ${this.path} is closed.`);
    if (this.#broken !== undefined) throw this.#broken;
    if (this.#start !== undefined) this.#begin(this.#start);
    this.#pending += this.#line(entry);
    applyJournalEntry(this.state.rows, entry);
    if (this.#writing.durability === 'write') {
      this.#write();
      return undefined;
    }
    const durable =
      entry.type === 'attempt'
        ? new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }))
        : undefined;
    if (!this.#commitDue) {
      this.#commitDue = true;
      setImmediate(() => void this.commit());
    }
    return durable;
  }

  /**
   * Writes what was appended since the last commit and fsyncs it, then releases the attempts that
   * waited for it (or rejects them: they must not be sent). Runs by itself at the end of each turn
   * that appended; returns the failure, if any.
   */
  commit(): Error | undefined {
    this.#commitDue = false;
    const waiting = this.#waiting;
    this.#waiting = [];
    let failure: Error | undefined;
    try {
      if (this.#write() && this.#writing.durability === 'fsync') this.#fsync();
    } catch (error) {
      failure = error as Error;
    }
    for (const waiter of waiting) {
      if (failure === undefined) waiter.resolve();
      else waiter.reject(failure);
    }
    return failure;
  }

  /** True once a row entry was appended: the file holds this run's lines. */
  get written(): boolean {
    return this.#start === undefined;
  }

  /** Commits what is pending, closes the file and releases the lock. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    openJournals.delete(this);
    const fd = this.#fd;
    if (fd === undefined) {
      this.#lock.release();
      return;
    }
    let failure: Error | undefined;
    try {
      failure = this.commit();
    } finally {
      this.#fd = undefined;
      try {
        closeSync(fd);
      } finally {
        this.#lock.release();
      }
    }
    if (failure !== undefined) throw failure;
  }

  #begin(start: JournalStart): void {
    let fd: number;
    try {
      fd = openSync(this.path, 'a+');
      start.prepare(fd);
    } catch (error) {
      throw this.#writeFailed(error);
    }
    this.#fd = fd;
    this.#start = undefined;
    for (const line of start.lines) this.#pending += this.#line(line);
  }

  #line(entry: JournalEntry): string {
    const line = JSON.stringify(entry);
    return `${this.secrets.length === 0 ? line : redactSecrets(line, this.secrets)}\n`;
  }

  /** Writes the pending lines in one call; false when there were none. */
  #write(): boolean {
    if (this.#pending === '' || this.#fd === undefined) return false;
    const lines = this.#pending;
    this.#pending = '';
    try {
      writeWhole(this.#fd, lines);
      return true;
    } catch (error) {
      throw this.#writeFailed(error);
    }
  }

  /** The journal cannot be written: it is broken from now on, so no further row is sent. */
  #writeFailed(error: unknown): Error {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    this.#broken = batchError(
      `Cannot write the journal ${this.path} (${code}); rows are not sent without a durable journal.`,
      { cause: error },
    );
    return this.#broken;
  }

  #fsync(): void {
    try {
      this.#writing.fsync(this.#fd!);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      throw batchError(
        `Cannot flush the journal ${this.path} to disk (${code}); rows are not sent without a durable journal.`,
        { cause: error },
      );
    }
  }
}

let exitHooked = false;

function keepForExit(journal: Journal): void {
  openJournals.add(journal);
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    // A second Ctrl-C exits within the turn: the lines it appended are still written.
    for (const open of openJournals) open.commit();
  });
}
