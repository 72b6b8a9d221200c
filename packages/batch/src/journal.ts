import { closeSync, existsSync, fdatasync, fdatasyncSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { UsageError, ValidationError, batchError, forEachLineSync, issue, redactSecrets, writeWhole } from '@vsynth/core';
import { lockJournal, type JournalLock } from './journal-lock.js';

/** First line of a journal: which batch it records. */
export interface JournalBatchEntry {
  readonly type: 'batch';
  readonly v: 1;
  readonly id: string;
  readonly template: string;
  readonly time: string;
}

/** A new run of the same batch (`--resume`). */
export interface JournalResumeEntry {
  readonly type: 'resume';
  readonly time: string;
}

/** Written and flushed before a request is sent. */
export interface JournalAttemptEntry {
  readonly type: 'attempt';
  readonly row: number;
  readonly key: string;
  readonly attempt: number;
  /** Correlation id carried by the webhook URL of this row. */
  readonly cid: string;
  /** The project a modify changes. */
  readonly projectId?: string;
  readonly time: string;
}

/** The service accepted the row's request. */
export interface JournalDoneEntry {
  readonly type: 'done';
  readonly row: number;
  readonly key: string;
  readonly projectId?: string;
  /** Legacy project key. */
  readonly projectKey?: string;
  readonly cubes?: number;
  /** `response` (the service answered) or `webhook` (settled by a delivery carrying the row's correlation id). */
  readonly via: 'response' | 'webhook';
  readonly time: string;
}

/** The service answered with an error: nothing was accepted, so the row may be sent again. */
export interface JournalFailedEntry {
  readonly type: 'failed';
  readonly row: number;
  readonly key: string;
  readonly reason: string;
  readonly code: string;
  readonly message: string;
  readonly status?: number;
  readonly time: string;
}

/** The request may have reached the service but no answer came back (lost response, timeout). */
export interface JournalUnknownEntry {
  readonly type: 'unknown';
  readonly row: number;
  readonly key: string;
  readonly reason: string;
  readonly message: string;
  readonly time: string;
}

/** A webhook delivery joined to a row through its correlation id. */
export interface JournalDeliveryEntry {
  readonly type: 'delivery';
  readonly row: number;
  readonly cid: string;
  readonly videoUrl?: string;
  readonly duration?: string;
  readonly time: string;
}

export type JournalEntry =
  | JournalBatchEntry
  | JournalResumeEntry
  | JournalAttemptEntry
  | JournalDoneEntry
  | JournalFailedEntry
  | JournalUnknownEntry
  | JournalDeliveryEntry;

/** What the journal says about one row. `attempt` means a request was sent and nothing came back. */
export interface JournalRowState {
  readonly key: string;
  readonly status: 'attempt' | 'done' | 'failed' | 'unknown';
  readonly cid?: string;
  readonly projectId?: string;
  readonly projectKey?: string;
  readonly cubes?: number;
  readonly reason?: string;
  readonly message?: string;
  readonly code?: string;
  readonly videoUrl?: string;
  readonly duration?: string;
  readonly attempts: number;
}

export interface JournalState {
  readonly batch: JournalBatchEntry;
  readonly rows: Map<number, JournalRowState>;
}

export interface OpenJournalOptions {
  /** Continue an existing journal; without it an existing non-empty journal is an error. */
  readonly resume?: boolean;
  /** Identity of a new batch (ignored when resuming). */
  readonly batch: Omit<JournalBatchEntry, 'type' | 'v' | 'time'>;
  /** `fsync` (default): `attempt` entries reach the disk before the request is sent; `write` only hands entries to the OS (survives a crash of the process, not a power cut). */
  readonly durability?: 'fsync' | 'write';
  readonly now?: () => Date;
  /**
   * Where the flushes that make attempts durable run (`fsync` durability). `auto` (default):
   * inline — one synchronous flush at the end of each event-loop turn that appended attempts,
   * which blocks the event loop while the disk answers — until the running average of the inline
   * flushes exceeds {@link INLINE_FLUSH_LIMIT_MS}, then in libuv's thread pool for the rest of the
   * journal's life.
   * `thread-pool`: always there; never blocks the event loop, but every flush costs two thread
   * hand-offs. `inline`: always inline.
   */
  readonly flush?: 'auto' | 'thread-pool' | 'inline';
  /**
   * Lets an inline flush wait up to `windowMs` for more attempts, or until `size` attempts wait
   * (default: no wait, the flush runs at the end of the turn). When answers come one by one, as a
   * real service's do, each turn would otherwise flush for a single row, and a flush costs ~80 µs
   * of CPU on a typical VM disk; a window of a millisecond, against a request's tens or hundreds,
   * lets one flush cover the rows of several answers. Rows still wait for one flush at most.
   */
  readonly group?: { readonly windowMs: number; readonly size: number };
  /** The flush run in the thread pool (default `node:fs` `fdatasync`); tests and benchmarks observe it. */
  readonly fsync?: (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;
  /** The inline flush (default `node:fs` `fdatasyncSync`); tests and benchmarks observe it. */
  readonly fsyncSync?: (fd: number) => void;
}

/**
 * When the running average of a journal's inline flushes exceeds this (ms), its later flushes go
 * to the thread pool: a disk that answers in milliseconds (a laptop's under load, a network share)
 * would otherwise stall every other request and timer of the process as long. The average starts
 * with the first inline flush (for a new journal, its first line's at open, so a slow disk is
 * found before any row) and weighs each later flush 1/16, so a rare spike (here p99 3 ms, max
 * 13 ms) does not count alone.
 */
export const INLINE_FLUSH_LIMIT_MS = 2;
const INLINE_FLUSH_WEIGHT = 1 / 16;

/** How a journal makes its attempts durable; see {@link OpenJournalOptions.flush}. */
interface JournalFlush {
  readonly mode: NonNullable<OpenJournalOptions['flush']>;
  readonly group: NonNullable<OpenJournalOptions['group']> | undefined;
  readonly fsync: NonNullable<OpenJournalOptions['fsync']>;
  readonly fsyncSync: NonNullable<OpenJournalOptions['fsyncSync']>;
}

interface DurableWaiter {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * An append-only NDJSON journal, held by one process at a time (a `<journal>.lock` file; see
 * `lockJournal`). An `attempt` entry is on disk (fsynced) before its request is sent, so a batch
 * killed at any moment (even `kill -9`) knows on resume which rows are finished, which failed,
 * and which may or may not have reached the service. It never holds request bodies, webhook URLs
 * or credentials.
 *
 * Attempts are group-committed. Inline (the default while the disk is fast), one synchronous
 * fsync at the end of the event-loop turn covers every attempt appended in the turn, so a row
 * waits for one fsync and no thread hand-off. In the thread pool, one fsync covers every entry
 * written while the previous fsync ran, so a row waits for at most two. Either way 32 rows in
 * flight cost a few fsyncs, not 32. The fsync is `fdatasync`: it makes the written bytes and the
 * file's new length durable, not its times, which is all a resume reads.
 * Under `fsync` durability lines are also written in groups: an attempt's line is written just
 * before the fsync that covers it, an outcome's line with the next fsync's write or at the end of
 * the current event-loop turn, whichever is first (and on `close()` or process exit).
 *
 * @example
 * const journal = openJournal('batch.journal.ndjson', { resume: true, batch: { id: 'b1', template: 'modify.json' } });
 * await journal.append({ type: 'attempt', row: 1, key: 'k', attempt: 1, cid: 'b1.1', time: new Date().toISOString() });
 * // … only now send row 1's request …
 * journal.close();
 */
export class Journal {
  readonly path: string;
  readonly state: JournalState;
  /** Removed from every line written (configured credentials, webhook secret): a row's data may hold one. */
  secrets: readonly string[] = [];
  private fd: number | undefined;
  private readonly sync: boolean;
  private readonly lock: JournalLock | undefined;
  private readonly flush: JournalFlush;
  /** Flushes run inline (at the end of the turn); false once they moved to the thread pool. */
  private inline: boolean;
  /** An inline flush is due (at the end of this turn, or when `groupTimer` fires). */
  private inlineScheduled = false;
  /** The group window of the due inline flush, while it runs. */
  private groupTimer: NodeJS.Timeout | undefined;
  /** Running average of the inline flushes, ms. */
  private inlineFlushMs: number | undefined;
  /** A thread-pool fsync is running; `next` waits for the one after it. */
  private syncing = false;
  private current: DurableWaiter[] = [];
  private next: DurableWaiter[] = [];
  /** Lines appended and not yet written (`fsync` durability). */
  private pending = '';
  private flushScheduled = false;
  /** A write of the journal failed: nothing more is recorded, no row is sent. */
  private broken: Error | undefined;
  private readonly flushInline = () => {
    this.inlineScheduled = false;
    clearTimeout(this.groupTimer);
    this.groupTimer = undefined;
    if (this.fd === undefined || this.next.length === 0) return;
    try {
      this.flushPending();
    } catch {
      return; // the waiters were rejected
    }
    const waiters = this.next;
    this.next = [];
    let failure: Error | undefined;
    try {
      this.fsyncInline();
    } catch (error) {
      failure = this.flushError(error as NodeJS.ErrnoException);
    }
    settle(waiters, failure);
  };
  private readonly flushSoon = () => {
    this.flushScheduled = false;
    // The inline flush due in this turn writes these lines with its attempts, in one call.
    if (this.inlineScheduled) return;
    try {
      this.flushPending();
    } catch {
      // Kept in `broken`: the next append throws it, waiting rows were rejected.
    }
  };

  constructor(path: string, fd: number, state: JournalState, sync: boolean, lock: JournalLock | undefined, flush: JournalFlush) {
    this.path = path;
    this.fd = fd;
    this.state = state;
    this.sync = sync;
    this.lock = lock;
    this.flush = flush;
    this.inline = flush.mode !== 'thread-pool';
    if (sync) Journal.flushOnExit(this);
  }

  /**
   * Appends one entry. Under `write` durability the line is written to the file (so it survives
   * a crash of this process) before returning. Under `fsync` durability an `attempt` entry
   * returns a promise that settles once its line is written and an fsync started after the write
   * has finished (so it survives a power cut; inline, the fsync runs at the end of this turn, or
   * when its `group` window closes): await it before sending the row's request. Other entries are
   * written with the next fsync's write or at the end of this event-loop turn; they need no fsync
   * of their own: an outcome lost with the machine (or a `kill -9` within the turn) leaves the
   * row's `attempt` last, which resumes as `unknown` (never resent); and the next attempt's fsync
   * makes every earlier line durable anyway.
   */
  append(entry: JournalEntry): Promise<void> | undefined {
    if (this.fd === undefined) throw batchError(`The journal ${this.path} is closed.`);
    if (this.broken !== undefined) throw this.broken;
    const line = `${this.secrets.length === 0 ? JSON.stringify(entry) : redactSecrets(JSON.stringify(entry), this.secrets)}\n`;
    if (!this.sync) {
      this.pending = line;
      this.flushPending();
      applyEntry(this.state.rows, entry);
      return undefined;
    }
    applyEntry(this.state.rows, entry);
    this.pending += line;
    if (entry.type === 'batch') {
      this.flushPending();
      this.fsyncInline();
    } else if (entry.type === 'attempt') return this.durable();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(this.flushSoon);
    }
    return undefined;
  }

  /** Closes the file and releases the lock; entries still awaiting durability are fsynced first. */
  close(): void {
    if (this.fd === undefined) return;
    Journal.open.delete(this);
    clearTimeout(this.groupTimer);
    const waiting = [...this.current, ...this.next];
    let failure: Error | undefined;
    try {
      this.flushPending();
      if (waiting.length > 0) this.flush.fsyncSync(this.fd);
    } catch (error) {
      failure = error as Error;
    } finally {
      this.current = [];
      this.next = [];
      const fd = this.fd;
      this.fd = undefined;
      try {
        closeSync(fd);
      } finally {
        this.lock?.release();
      }
    }
    for (const waiter of waiting) {
      if (failure === undefined) waiter.resolve();
      else waiter.reject(failure);
    }
    if (failure !== undefined) throw failure;
  }

  /** Open journals whose lines may wait for the end of the turn: a process that exits (a second Ctrl-C) still writes them. */
  private static readonly open = new Set<Journal>();
  private static exitHooked = false;

  private static flushOnExit(journal: Journal): void {
    Journal.open.add(journal);
    if (Journal.exitHooked) return;
    Journal.exitHooked = true;
    process.once('exit', () => {
      for (const open of Journal.open) {
        try {
          open.flushPending();
        } catch {
          // The process is exiting: nothing left to tell.
        }
      }
    });
  }

  /** Writes the lines appended since the last write, in one call. */
  private flushPending(): void {
    if (this.pending === '' || this.fd === undefined) return;
    const lines = this.pending;
    this.pending = '';
    try {
      writeWhole(this.fd, lines);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
      this.broken = batchError(`Cannot write the journal ${this.path} (${code}); rows are not sent without a durable journal.`, { cause: error });
      // Their lines are lost with this write: none of these rows may be sent.
      const waiters = this.next;
      this.next = [];
      for (const waiter of waiters) waiter.reject(this.broken);
      throw this.broken;
    }
  }

  private durable(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.next.push({ resolve, reject });
      if (!this.inline) {
        if (!this.syncing) this.commit();
      } else if (!this.inlineScheduled) {
        this.inlineScheduled = true;
        const group = this.flush.group;
        if (group === undefined || group.windowMs === 0 || this.next.length >= group.size) setImmediate(this.flushInline);
        else this.groupTimer = setTimeout(this.flushInline, group.windowMs);
      } else if (this.groupTimer !== undefined && this.next.length >= this.flush.group!.size) {
        // The group is full: flush at the end of this turn, not when the window closes.
        clearTimeout(this.groupTimer);
        this.groupTimer = undefined;
        setImmediate(this.flushInline);
      }
    });
  }

  /** A synchronous fsync, timed: in `auto` mode slow ones send the later flushes to the thread pool. */
  private fsyncInline(): void {
    const started = performance.now();
    this.flush.fsyncSync(this.fd!);
    const ms = performance.now() - started;
    const average = this.inlineFlushMs === undefined ? ms : this.inlineFlushMs + (ms - this.inlineFlushMs) * INLINE_FLUSH_WEIGHT;
    this.inlineFlushMs = average;
    if (this.flush.mode === 'auto' && average > INLINE_FLUSH_LIMIT_MS) this.inline = false;
  }

  private flushError(error: NodeJS.ErrnoException): Error {
    return batchError(`Cannot flush the journal ${this.path} to disk (${error.code ?? error.message}); rows are not sent without a durable journal.`, { cause: error });
  }

  /** One fsync for every entry written since the last one started; the entries written meanwhile wait for the next. */
  private commit(): void {
    try {
      this.flushPending();
    } catch {
      return; // the waiters were rejected
    }
    const waiters = this.next;
    this.current = waiters;
    this.next = [];
    this.syncing = true;
    this.flush.fsync(this.fd!, (error) => {
      this.syncing = false;
      // Closed meanwhile: close() fsynced and settled these waiters.
      if (this.fd === undefined) return;
      this.current = [];
      settle(waiters, error === null ? undefined : this.flushError(error));
      if (this.next.length > 0) this.commit();
    });
  }
}

/** Releases rows waiting for a flush, or rejects them (not sent) when it failed. */
function settle(waiters: readonly DurableWaiter[], failure: Error | undefined): void {
  for (const waiter of waiters) {
    if (failure === undefined) waiter.resolve();
    else waiter.reject(failure);
  }
}

/** The group window of the options, checked. */
function checkGroup(group: OpenJournalOptions['group']): JournalFlush['group'] {
  if (group === undefined) return undefined;
  if (!(Number.isFinite(group.windowMs) && group.windowMs >= 0) || !(Number.isInteger(group.size) && group.size >= 1)) {
    throw new UsageError(`The journal's group must have windowMs ≥ 0 and an integer size ≥ 1, got windowMs ${group.windowMs} and size ${group.size}.`);
  }
  return group;
}

/**
 * Opens (and on resume reads) a journal; see {@link Journal}. Without `resume`, an existing
 * journal that records rows is an error (a journal that records none is started over).
 *
 * @example const journal = openJournal('people.journal.ndjson', { batch: { id: 'b1', template: 'modify.json' } });
 */
export function openJournal(path: string, options: OpenJournalOptions): Journal {
  // Held before the journal is read: a second run (fresh or resumed) fails here, having sent nothing.
  const lock = lockJournal(path);
  try {
    return openLockedJournal(path, options, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function openLockedJournal(path: string, options: OpenJournalOptions, lock: JournalLock): Journal {
  const now = options.now ?? (() => new Date());
  const found = existsSync(path) ? readJournal(path) : undefined;
  // A journal that records no row (the batch stopped before its first request) is started over.
  const existing = found !== undefined && found.rows.size === 0 && !options.resume ? undefined : found;
  if (existing !== undefined && !options.resume) {
    throw new UsageError(
      `The journal ${path} already records batch ${existing.batch.id}. Pass --resume to continue it, or choose another --journal file to start a new batch.`,
    );
  }
  const fd = openSync(path, 'a+');
  const sync = (options.durability ?? 'fsync') === 'fsync';
  const flush: JournalFlush = { mode: options.flush ?? 'auto', group: checkGroup(options.group), fsync: options.fsync ?? fdatasync, fsyncSync: options.fsyncSync ?? fdatasyncSync };
  if (existing === undefined) {
    if (found !== undefined) ftruncateSync(fd, 0);
    const batch: JournalBatchEntry = { type: 'batch', v: 1, ...options.batch, time: now().toISOString() };
    const journal = new Journal(path, fd, { batch, rows: new Map() }, sync, lock, flush);
    journal.append(batch);
    return journal;
  }
  endLastLine(fd);
  const journal = new Journal(path, fd, existing, sync, lock, flush);
  journal.append({ type: 'resume', time: now().toISOString() });
  return journal;
}

/**
 * Reads a journal into the state of each row. A partial last line (the process was killed while
 * writing it) is ignored; any other unreadable line is an error naming it. A journaled
 * webhook delivery settles an unanswered row as done.
 *
 * @example
 * const state = readJournal('people.journal.ndjson');
 * const unknown = [...(state?.rows ?? [])].filter(([, row]) => row.status === 'attempt' || row.status === 'unknown');
 */
export function readJournal(path: string): JournalState | undefined {
  const rows = new Map<number, JournalRowState>();
  let batch: JournalBatchEntry | undefined;
  let blank = true;
  // Line by line: the journal of a batch of a few million rows outgrows the longest string V8 can hold.
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
    if (entry.type === 'batch') {
      batch ??= entry;
      return;
    }
    applyEntry(rows, entry);
  });
  if (batch === undefined) {
    if (blank) return undefined;
    throw notAJournal(path);
  }
  return { batch, rows };
}

function notAJournal(path: string): UsageError {
  return new UsageError(`The file ${path} is not a vsynth batch journal (no batch line). Choose another --journal file.`);
}

/** A damaged journal is invalid input (exit 3), not a batch with failed rows. */
function damagedJournal(path: string, line: number, what: string): ValidationError {
  const message = `The journal ${path} is damaged at line ${line}: ${what}. Move it aside to start over (rows it recorded as done would be sent again).`;
  const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `journal ${path}` });
  failure.message = message;
  return failure;
}

function applyEntry(rows: Map<number, JournalRowState>, entry: JournalEntry): void {
  if (entry.type === 'batch' || entry.type === 'resume') return;
  const after = rowStateAfter(rows.get(entry.row), entry);
  if (after !== undefined) rows.set(entry.row, after);
}

/**
 * A row's state after one of its entries (undefined: the entry changes nothing). The one set of
 * transitions of every batch store: the local journal and the queue's Redis store.
 *
 * @example
 * const state = rowStateAfter(undefined, { type: 'attempt', row: 1, key: 'k', attempt: 1, cid: 'b1.1', time });
 * state?.status; // 'attempt'
 */
export function rowStateAfter(before: JournalRowState | undefined, entry: Exclude<JournalEntry, JournalBatchEntry | JournalResumeEntry>): JournalRowState | undefined {
  switch (entry.type) {
    case 'attempt':
      return {
        key: entry.key,
        status: 'attempt',
        cid: entry.cid,
        attempts: (before?.attempts ?? 0) + 1,
        ...(entry.projectId === undefined ? {} : { projectId: entry.projectId }),
      };
    case 'done':
      return {
        key: entry.key,
        status: 'done',
        attempts: before?.attempts ?? 1,
        ...(before?.cid === undefined ? {} : { cid: before.cid }),
        ...(before?.projectId === undefined ? {} : { projectId: before.projectId }),
        ...(before?.videoUrl === undefined ? {} : { videoUrl: before.videoUrl }),
        ...(before?.duration === undefined ? {} : { duration: before.duration }),
        ...(entry.projectId === undefined ? {} : { projectId: entry.projectId }),
        ...(entry.projectKey === undefined ? {} : { projectKey: entry.projectKey }),
        ...(entry.cubes === undefined ? {} : { cubes: entry.cubes }),
      };
    case 'failed':
      return { ...before, key: entry.key, status: 'failed', attempts: before?.attempts ?? 0, reason: entry.reason, message: entry.message, code: entry.code };
    case 'unknown':
      // The delivery can beat the lost answer to the journal: the row stays done.
      if (before?.status === 'done') return undefined;
      return { ...before, key: entry.key, status: 'unknown', attempts: before?.attempts ?? 1, reason: entry.reason, message: entry.message };
    case 'delivery': {
      if (before === undefined) return undefined;
      // An export was delivered for the row's correlation id: its request was accepted, even if no
      // answer came back (or the batch stopped before the `done` entry). Never resend it.
      const accepted = (before.status === 'attempt' || before.status === 'unknown') && before.cid === entry.cid;
      return {
        ...before,
        ...(accepted ? { status: 'done' as const } : {}),
        ...(entry.videoUrl === undefined ? {} : { videoUrl: entry.videoUrl }),
        ...(entry.duration === undefined ? {} : { duration: entry.duration }),
      };
    }
    default:
      return undefined;
  }
}

/**
 * Ends the file with a newline before appending. A kill in the middle of a write leaves a partial
 * last line: it is cut off. A last line that is a whole entry without its newline (readJournal
 * applied it) gets its newline, so the next resume reads what this one did.
 */
function endLastLine(fd: number): void {
  const size = fstatSync(fd).size;
  if (size === 0) return;
  const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
  let end = size;
  let lineEnd = 0;
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const length = end - start;
    readSync(fd, chunk, 0, length, start);
    const newline = chunk.subarray(0, length).lastIndexOf(0x0a);
    if (newline >= 0) {
      lineEnd = start + newline + 1;
      break;
    }
    end = start;
  }
  if (lineEnd === size) return;
  const tail = Buffer.alloc(size - lineEnd);
  readSync(fd, tail, 0, tail.length, lineEnd);
  if (isJson(tail.toString('utf8'))) writeWhole(fd, '\n');
  else ftruncateSync(fd, lineEnd);
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
