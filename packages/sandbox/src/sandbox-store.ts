import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { appendLines } from './append-lines.js';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { jsonTextDepth } from '@vsynth/core';
import { readLog, recordName, STORE_MAX_DEPTH } from './read-log.js';
import type {
  ArtifactRecord,
  DubbingRecord,
  ExportRecord,
  LedgerEntry,
  ProjectRecord,
  StoreRecord,
  TokenRecord,
} from './records.js';

export interface OpenStoreOptions {
  /** The data directory; created when missing. */
  readonly dir: string;
  /** fsync each batch of writes before answering (default true). */
  readonly fsync?: boolean;
  /** Told about lines of the log that could not be read and compactions that failed. */
  readonly onWarning?: (message: string) => void;
  /** Epoch ms, for dropping expired tokens when the log is compacted. */
  readonly now?: () => number;
}

const LOG = 'store.ndjson';
/** The log is compacted once it holds more than this many lines per live record… */
const COMPACT_RATIO = 2;
/** …plus this many, so that a small store is not rewritten for a few superseded lines. */
const COMPACT_SLACK = 1000;

interface Queued {
  readonly line: string;
  /** Restores memory as it was before the record was applied. */
  readonly undo: () => void;
}

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The sandbox's persistence: every record in memory, and an append-only log (`store.ndjson`) whose
 * last line of a record wins on replay. A turn's saves are fsynced together before they resolve, so
 * an answered request is on disk; a log grown past twice its live records is compacted.
 *
 * When a write fails (disk full) its records and every later one are undone in memory, the log is
 * cut back to its last whole batch and their `save` calls reject: no request is answered as
 * accepted that is not on disk.
 *
 * @example
 * const store = await SandboxStore.open({ dir: '/tmp/sbx' });
 * await store.save({ t: 'ledger', v: entry });
 * await store.close();
 */
export class SandboxStore {
  readonly dir: string;
  readonly projects = new Map<string, ProjectRecord>();
  readonly exports = new Map<string, ExportRecord>();
  readonly artifacts = new Map<string, ArtifactRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly dubbing = new Map<string, DubbingRecord>();
  readonly ledger: LedgerEntry[] = [];

  private readonly path: string;
  private handle: FileHandle;
  private readonly lock: DataDirLock;
  private readonly fsync: boolean;
  private readonly onWarning: (message: string) => void;
  private readonly now: () => number;
  private queue: Queued[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Bytes and lines of the log that hold whole batches; a failed write is cut back to `logBytes`. */
  private logBytes = 0;
  private logLines = 0;
  /** Lines of the log that are no record: carried over by a compaction, never dropped. */
  private unreadable: readonly string[] = [];
  /** Set when a compaction failed: the log is left to grow until the next start. */
  private compactionFailed = false;
  /** Set when a failed write could not be cut back: the log's tail is unknown. */
  private broken: Error | undefined;

  private constructor(options: OpenStoreOptions, handle: FileHandle, lock: DataDirLock) {
    this.dir = options.dir;
    this.path = join(options.dir, LOG);
    this.handle = handle;
    this.lock = lock;
    this.fsync = options.fsync ?? true;
    this.onWarning = options.onWarning ?? (() => {});
    this.now = options.now ?? Date.now;
  }

  static async open(options: OpenStoreOptions): Promise<SandboxStore> {
    const lock = await lockDataDir(options.dir);
    let handle: FileHandle | undefined;
    try {
      handle = await open(join(options.dir, LOG), 'a');
      const store = new SandboxStore(options, handle, lock);
      const contents = readLog(store.path, (record) => store.apply(record), store.onWarning);
      // A torn last line was never acknowledged: cut it off so that the next line starts whole.
      if ((await handle.stat()).size > contents.bytes) await handle.truncate(contents.bytes);
      if (store.fsync) await syncDirectory(options.dir);
      store.logBytes = contents.bytes;
      store.logLines = contents.lines;
      store.unreadable = contents.unreadable;
      if (store.needsCompaction()) await store.compact();
      return store;
    } catch (error) {
      await handle?.close();
      await lock.release();
      throw error;
    }
  }

  /**
   * Applies records to memory at once and resolves when they are on disk. Callers answer a
   * request only after this resolves; when it rejects, the records are no longer in memory.
   */
  async save(...records: StoreRecord[]): Promise<void> {
    if (this.closed) throw new Error('the sandbox store is closed');
    if (this.broken !== undefined) throw this.broken;
    // Every line is built before anything is applied: a record that cannot be written changes nothing.
    const lines = records.map(storableLine);
    for (const [index, record] of records.entries()) this.queue.push({ line: lines[index]!, undo: this.apply(record) });
    await new Promise<void>((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /** Writes bytes to `<dir>/<relative>` through a temporary file and a rename. */
  async writeFile(relative: string, bytes: Uint8Array | string): Promise<void> {
    const path = join(this.dir, relative);
    await mkdir(dirname(path), { recursive: true });
    const temp = `${path}.${process.pid}.tmp`;
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(bytes);
      if (this.fsync) await handle.datasync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  }

  /** Absolute path of a file kept in the data directory. */
  resolve(relative: string): string {
    return join(this.dir, relative);
  }

  /** Waits for queued writes, closes the log and releases the data directory. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.flushing;
    await this.handle.close();
    await this.lock.release();
  }

  /** The one writer: appends what is queued, batch after batch, and compacts when nothing is. */
  private async flush(): Promise<void> {
    // Records saved in the same turn of the event loop (requests that came due together) share a write.
    await new Promise<void>((resolve) => setImmediate(resolve));
    for (;;) {
      if (this.queue.length > 0) await this.writeBatch();
      else if (!this.closed && this.needsCompaction()) await this.compact();
      else break;
    }
    this.flushing = undefined;
  }

  private async writeBatch(): Promise<void> {
    const batch = this.queue;
    const waiters = this.waiters;
    this.queue = [];
    this.waiters = [];
    try {
      const bytes = await appendLines(
        this.handle,
        batch.map((queued) => queued.line),
      );
      if (this.fsync) await this.handle.datasync();
      this.logBytes += bytes;
      this.logLines += batch.length;
      for (const waiter of waiters) waiter.resolve();
    } catch (error) {
      // Records saved after this batch may build on it: undo them too, newest first.
      const undone = [...batch, ...this.queue];
      const failed = [...waiters, ...this.waiters];
      this.queue = [];
      this.waiters = [];
      for (const queued of undone.reverse()) queued.undo();
      await this.handle.truncate(this.logBytes).catch((truncateError: unknown) => {
        this.broken = new Error(
          `the sandbox store could not append to ${this.path} (${(error as Error).message}) ` +
            `nor cut it back (${(truncateError as Error).message}); restart the sandbox`,
        );
      });
      for (const waiter of failed) waiter.reject(error);
    }
  }

  private needsCompaction(): boolean {
    const live =
      this.projects.size +
      this.exports.size +
      this.artifacts.size +
      this.tokens.size +
      this.dubbing.size +
      this.ledger.length;
    return !this.compactionFailed && this.logLines > COMPACT_RATIO * (live + this.unreadable.length) + COMPACT_SLACK;
  }

  /**
   * Rewrites the log as its live records (expired tokens left out) and its unreadable lines, through
   * a file beside it, fsynced and renamed. Runs only while no save is queued (memory and log agree);
   * a failure is reported, never thrown, and the next start retries.
   */
  private async compact(): Promise<void> {
    const records = this.liveRecords();
    const temp = `${this.path}.compact.tmp`;
    const old = this.handle;
    let handle: FileHandle | undefined;
    try {
      await rm(temp, { force: true });
      handle = await open(temp, 'a');
      const bytes = await appendLines(handle, snapshotLines(records, this.unreadable));
      if (this.fsync) await handle.datasync();
      await rename(temp, this.path);
      this.handle = handle;
      this.logBytes = bytes;
      this.logLines = records.length + this.unreadable.length;
    } catch (error) {
      this.compactionFailed = true;
      await handle?.close();
      await rm(temp, { force: true }).catch(() => undefined);
      this.onWarning(
        `could not compact ${this.path}: ${(error as Error).message}; ` +
          'it is kept as it is, with every record, and compacted at a later start',
      );
      return;
    }
    try {
      await old.close();
      if (this.fsync) await syncDirectory(this.dir);
    } catch (error) {
      this.onWarning(`compacted ${this.path}, but could not sync its directory: ${(error as Error).message}`);
    }
  }

  /** The live records, in the order a replay applies them. */
  private liveRecords(): StoreRecord[] {
    const now = this.now();
    const records: StoreRecord[] = [];
    for (const v of this.projects.values()) records.push({ t: 'project', v });
    for (const v of this.exports.values()) records.push({ t: 'export', v });
    for (const v of this.artifacts.values()) records.push({ t: 'artifact', v });
    for (const v of this.tokens.values()) if (v.expiresAt > now) records.push({ t: 'token', v });
    for (const v of this.dubbing.values()) records.push({ t: 'dubbing', v });
    for (const v of this.ledger) records.push({ t: 'ledger', v });
    return records;
  }

  /** Applies a record to memory; returns how to take it back. */
  private apply(record: StoreRecord): () => void {
    switch (record.t) {
      case 'project':
        return put(this.projects, record.v.id, record.v);
      case 'export':
        return put(this.exports, record.v.id, record.v);
      case 'artifact':
        return put(this.artifacts, record.v.id, record.v);
      case 'token':
        return put(this.tokens, record.v.digest, record.v);
      case 'dubbing':
        return put(this.dubbing, record.v.id, record.v);
      case 'ledger': {
        const entry = record.v;
        this.ledger.push(entry);
        return () => {
          const at = this.ledger.lastIndexOf(entry);
          if (at >= 0) this.ledger.splice(at, 1);
        };
      }
    }
  }
}

function put<V>(map: Map<string, V>, key: string, value: V): () => void {
  const had = map.has(key);
  const previous = map.get(key);
  map.set(key, value);
  return had ? () => map.set(key, previous as V) : () => map.delete(key);
}

/**
 * A record's line of the log, or an error naming the record when a start could not read it back
 * and compact it: nested deeper than `STORE_MAX_DEPTH` (the routes refuse such bodies first).
 * What `JSON.stringify` writes within that depth, `JSON.parse` reads back and writes again.
 */
function storableLine(record: StoreRecord): string {
  const line = JSON.stringify(record);
  if (jsonTextDepth(line) > STORE_MAX_DEPTH) {
    throw new Error(`the ${recordName(record)} nests more than ${STORE_MAX_DEPTH} levels deep and is not stored`);
  }
  return `${line}\n`;
}

/** The snapshot's lines; a record that cannot be serialised fails the compaction, naming it. */
function* snapshotLines(records: readonly StoreRecord[], unreadable: readonly string[]): Generator<string> {
  for (const record of records) {
    let line: string;
    try {
      line = JSON.stringify(record);
    } catch (error) {
      throw new Error(`the ${recordName(record)} cannot be written (${(error as Error).message})`);
    }
    yield `${line}\n`;
  }
  for (const line of unreadable) yield `${line}\n`;
}

/** Makes a file's creation or rename in `dir` durable; not every platform can sync a directory. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
