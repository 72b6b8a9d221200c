import { closeSync, fdatasyncSync, openSync } from 'node:fs';
import { batchError, redactSecrets, writeWhole } from '@vsynth/core';
import { applyJournalEntry, type JournalEntry, type JournalState } from './journal-entry.js';
import type { JournalLock } from './journal-lock.js';

/** How a journal's lines reach the disk; see {@link OpenJournalOptions}. */
export interface JournalWriting {
  readonly durability: 'fsync' | 'write';
  /** Makes the written lines durable, off the event loop (the thread pool's `fdatasync`). */
  readonly fsync: (fd: number) => Promise<void>;
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

/** Journals whose lines may wait for the end of the task: a process that exits still writes them. */
const openJournals = new Set<Journal>();

/**
 * An append-only NDJSON journal, held by one process at a time (`lockJournal`). An `attempt` entry
 * is on disk before its request is sent, so a batch killed at any moment (even `kill -9`) knows on
 * resume which rows may have reached the service. It never holds request bodies or credentials.
 * The lines appended by one task are written together as it ends; attempts are made durable by `fdatasync`
 * in the thread pool, so the event loop goes on answering other rows meanwhile. Attempts written
 * while one fsync runs share the next (group commit).
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
  /** Attempts appended since the last commit. */
  #appended: Waiter[] = [];
  /** Attempts whose lines are written, waiting for the next fsync. */
  #written: Waiter[] = [];
  /** Attempts whose fsync is in flight. */
  #syncing: Waiter[] | undefined;
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
   * Appends one entry. An `attempt` returns a promise that resolves once its line is written (when the
   * running task ends) and fsynced: await it before sending the row's request. Other entries are
   * written then too and return nothing to wait for: they reach the disk with the next
   * fsync, and an outcome lost with the machine leaves the row's attempt last, which resumes as
   * `unknown`, never resent.
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
        ? new Promise<void>((resolve, reject) => this.#appended.push({ resolve, reject }))
        : undefined;
    if (!this.#commitDue) {
      this.#commitDue = true;
      queueMicrotask(() => void this.commit());
    }
    return durable;
  }

  /**
   * Writes what was appended since the last commit and starts the fsync its attempts wait for,
   * unless one is running (they join the next). Runs by itself as a microtask after each task that
   * appended (the next fsync starts without waiting for the event loop); returns the write's failure, if any (its
   * attempts are rejected: they must not be sent).
   */
  commit(): Error | undefined {
    this.#commitDue = false;
    const appended = this.#appended;
    this.#appended = [];
    try {
      this.#write();
    } catch (error) {
      for (const waiter of appended) waiter.reject(error as Error);
      return error as Error;
    }
    this.#written.push(...appended);
    if (this.#syncing === undefined && this.#written.length > 0) void this.#syncWritten();
    return undefined;
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
      if (failure === undefined && this.#writing.durability === 'fsync') this.#syncNow(fd);
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

  /** Fsyncs the written attempts, group after group, and releases each group (or rejects it). */
  async #syncWritten(): Promise<void> {
    while (this.#written.length > 0 && this.#fd !== undefined) {
      const group = this.#written;
      this.#written = [];
      this.#syncing = group;
      try {
        await this.#writing.fsync(this.#fd);
        for (const waiter of group) waiter.resolve();
      } catch (error) {
        for (const waiter of group) waiter.reject(this.#fsyncFailed(error));
      }
    }
    this.#syncing = undefined;
  }

  /** The last fsync, on closing: everything written is durable, every attempt released. */
  #syncNow(fd: number): void {
    const waiting = [...(this.#syncing ?? []), ...this.#written];
    this.#written = [];
    let failure: Error | undefined;
    try {
      fdatasyncSync(fd);
    } catch (error) {
      failure = this.#fsyncFailed(error);
    }
    for (const waiter of waiting) {
      if (failure === undefined) waiter.resolve();
      else waiter.reject(failure);
    }
    if (failure !== undefined) throw failure;
  }

  #fsyncFailed(error: unknown): Error {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return batchError(
      `Cannot flush the journal ${this.path} to disk (${code}); rows are not sent without a durable journal.`,
      { cause: error },
    );
  }
}

let exitHooked = false;

function keepForExit(journal: Journal): void {
  openJournals.add(journal);
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    // A second Ctrl-C exits within the task: the lines it appended are still written.
    for (const open of openJournals) open.commit();
  });
}
