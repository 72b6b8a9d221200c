import { writevSync } from 'node:fs';
import { mkdir, open, rename, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { forEachLineSync, UsageError } from '@vsynth/core';
import { lockDataDir, type DataDirLock } from './data-dir-lock.js';
import { recordLine } from './record-line.js';
import { LogReader, type LogPlace } from './log-reader.js';
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
  /** Told about lines of the log that could not be read (a torn last line after a crash). */
  readonly onWarning?: (message: string) => void;
  /** Epoch ms, for dropping expired tokens when the log is compacted. */
  readonly now?: () => number;
}

const LOG = 'store.ndjson';

/** The in-memory maps a store replays its log into. */
interface StoreState {
  readonly projects: Map<string, ProjectRecord>;
  readonly exports: Map<string, ExportRecord>;
  readonly artifacts: Map<string, ArtifactRecord>;
  readonly tokens: Map<string, TokenRecord>;
  readonly dubbing: Map<string, DubbingRecord>;
  readonly ledger: LedgerEntry[];
}

/**
 * The sandbox's embedded persistence: every record lives in memory and in an append-only NDJSON
 * log (`<dir>/store.ndjson`, one `{t, v}` record per line, the last line for an id wins). Once a
 * record's line is written, its payload or request body is no longer held but read back from the
 * line when asked for (see `LogReader`): memory grows by the records, not by what they carry.
 * A value is written once: a record whose payload or body is the very value a line already holds
 * (a create's ledger body and export payload are its project's payload; an export's later states
 * keep the payload it started with) writes `null` in its place and `"from":[offset, bytes, field]`
 * after `v`, the line (byte offset, length without the newline) and field of `v` that hold it.
 * Writes are queued and appended in batches by one writer, each batch fsynced before the callers'
 * promises resolve (group commit), so concurrent requests never interleave partial lines and an
 * answered request is on disk. At open the log is replayed; a torn last line is cut off, and a
 * log with many superseded lines is compacted into a snapshot written beside it and renamed over it.
 *
 * `save` changes memory at once, so a request that reads a record after another saved it (two
 * modifies of one project) builds on the newer one. When appending a batch fails (disk full),
 * the batch and every record saved after it (still queued, possibly built on it) are undone in
 * memory, the log is cut back to its last whole batch, and all their `save` calls reject: memory
 * and disk agree again and no request is answered as accepted. Only a read made while the failing
 * batch was in flight (a ledger or progress GET) can have seen the undone records. If the log
 * cannot be cut back either, the store refuses every later `save` until the sandbox restarts.
 *
 * @example
 * const store = await SandboxStore.open({ dir: '/tmp/sbx' });
 * await store.save({ t: 'ledger', v: entry });
 * await store.close();
 */
export class SandboxStore implements StoreState {
  readonly dir: string;
  readonly projects = new Map<string, ProjectRecord>();
  readonly exports = new Map<string, ExportRecord>();
  readonly artifacts = new Map<string, ArtifactRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly dubbing = new Map<string, DubbingRecord>();
  readonly ledger: LedgerEntry[] = [];

  private handle: FileHandle;
  private readonly reader: LogReader;
  private readonly lock: DataDirLock;
  private readonly fsync: boolean;
  private queue: QueuedRecord[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private flushing: Promise<void> | undefined;
  private closed = false;
  /** Bytes of the log holding whole batches; a failed append is cut back to this length. */
  private logSize: number;
  /** Set when a failed append could not be cut back: the log's tail is unknown. */
  private broken: Error | undefined;

  private constructor(dir: string, handle: FileHandle, lock: DataDirLock, fsync: boolean, logSize: number) {
    this.dir = dir;
    this.handle = handle;
    this.reader = new LogReader(join(dir, LOG));
    this.lock = lock;
    this.fsync = fsync;
    this.logSize = logSize;
  }

  static async open(options: OpenStoreOptions): Promise<SandboxStore> {
    const lock = await mkdir(options.dir, { recursive: true })
      .then(() => lockDataDir(options.dir))
      .catch((error: unknown) => {
        throw unusableDir(options.dir, error);
      });
    try {
      const path = join(options.dir, LOG);
      const handle = await open(path, 'a');
      const store = new SandboxStore(options.dir, handle, lock, options.fsync ?? true, (await handle.stat()).size);
      const { lines, torn } = replay(store, store.reader, path, options.onWarning);
      const live = store.projects.size + store.exports.size + store.artifacts.size + store.tokens.size + store.dubbing.size + store.ledger.length;
      if (torn || lines > 2 * live + 1000) {
        // The append handle keeps writing to the old file after a rename, so reopen.
        await handle.close();
        await writeSnapshot(path, snapshotLines(store, options.now?.() ?? Date.now()));
        store.handle = await open(path, 'a');
        store.logSize = (await store.handle.stat()).size;
        // Records read their payloads from the old log: replay the snapshot for its offsets.
        store.reader.close();
        replay(store, store.reader, path, options.onWarning);
      }
      return store;
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /**
   * Applies records to memory at once and resolves when they are on disk. Callers answer a
   * request only after this resolves; when it rejects, the records are no longer in memory.
   * A {@link PreparedRecord} comes with its log line built (`recordLine`), else the line is
   * `JSON.stringify` of the record.
   */
  save(...records: (StoreRecord | PreparedRecord)[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the sandbox store is closed'));
    if (this.broken !== undefined) return Promise.reject(this.broken);
    const first = this.queue.length;
    for (const item of records) {
      const record = 'line' in item ? item.record : item;
      const from = this.writtenBy(record, first);
      const line = from !== undefined ? referringLine(record) : 'line' in item ? item.line : `${JSON.stringify(record)}\n`;
      this.queue.push({ record, line, from, place: undefined, undo: apply(this, record) });
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.flushing ??= this.flush();
    });
  }

  /**
   * Where the payload or body of `record` is written when it is the same value (the same object)
   * as one a line of the log holds, or one an earlier record of the same save (from the queue's
   * index `first` on) is about to write: that record, or the line it refers to.
   */
  private writtenBy(record: StoreRecord, first: number): QueuedRecord | LogPlace | undefined {
    const value = largeValue(record);
    if (value === undefined) return undefined;
    for (let i = first; i < this.queue.length; i++) {
      const earlier = this.queue[i]!;
      if (largeValue(earlier.record) === value) return earlier.from ?? earlier;
    }
    return this.reader.placeOf(value);
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
    this.reader.close();
    await this.lock.release();
  }

  private async flush(): Promise<void> {
    // Records saved in the same turn of the event loop (requests whose latency timers or bodies
    // came due together) join one write instead of the first of them being written alone.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.queue.length > 0) {
      const batch = this.queue;
      const waiters = this.waiters;
      this.queue = [];
      this.waiters = [];
      const chunks = batchChunks(batch, this.logSize);
      try {
        const bytesWritten = this.append(chunks);
        if (this.fsync) await this.handle.datasync();
        this.leaveOnDisk(batch);
        this.logSize += bytesWritten;
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        // Records saved after this batch may build on it: undo them too, newest first.
        const undone = [...batch, ...this.queue];
        const failed = [...waiters, ...this.waiters];
        this.queue = [];
        this.waiters = [];
        for (const entry of undone.reverse()) entry.undo();
        await this.handle.truncate(this.logSize).catch((truncateError: unknown) => {
          this.broken = new Error(
            `the sandbox store could not append to ${join(this.dir, LOG)} (${(error as Error).message}) nor cut it back (${(truncateError as Error).message}); restart the sandbox`,
          );
        });
        for (const waiter of failed) waiter.reject(error);
      }
    }
    this.flushing = undefined;
  }

  /**
   * Swaps each record of a batch just written that is still current for a copy whose payload or
   * body is read back from the log when asked for (the value itself stays in the reader's cache
   * for the next reads, and the reader knows where it is for the next record that holds it).
   */
  private leaveOnDisk(batch: readonly QueuedRecord[]): void {
    for (const { record, place } of batch) {
      if (place === undefined) continue;
      const field = LARGE_FIELD[record.t]!;
      const value = (record.v as unknown as Record<string, unknown>)[field];
      this.reader.remember(place.offset, place.bytes, value);
      this.reader.know(value, place);
      replace(this, record, onDisk(record, field, this.reader, place));
    }
  }

  /**
   * Appends a batch's bytes to the log. The write is synchronous: it only copies the bytes into
   * the page cache (the fsync, which waits for the disk, stays asynchronous), and handing a write
   * to libuv's thread pool cost ~35 µs of CPU in thread wake-ups, against ~3-6 µs for the write
   * itself; with `--no-fsync` and 20 ms of latency most batches hold one or two records.
   */
  private append(chunks: Buffer[]): number {
    const bytesWritten = writevSync(this.handle.fd, chunks);
    const expected = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (bytesWritten !== expected) throw new Error(`wrote ${bytesWritten} of ${expected} bytes`);
    return bytesWritten;
  }
}

/** A record with its log line already built by `recordLine`: a line that replays to `record`. */
export interface PreparedRecord {
  readonly record: StoreRecord;
  /** The line, or the chunks that make it up in order. */
  readonly line: string | readonly Buffer[];
}

interface QueuedRecord {
  readonly record: StoreRecord;
  /** The line; without its `from` and closing brace when `from` is set. */
  readonly line: string | readonly Buffer[];
  /** Where the payload or body is written instead: an earlier record of the same batch, or a line of the log. */
  readonly from: QueuedRecord | LogPlace | undefined;
  /** Where the payload or body is once the batch is laid out (`batchChunks`); records without one have none. */
  place: LogPlace | undefined;
  /** Restores memory as it was before this record was applied. */
  readonly undo: () => void;
}

/**
 * The bytes of a batch's lines in order (byte chunks, request bodies, as they are), for the log
 * at `offset`. Sets each record's `place` and closes the lines that refer to an earlier one.
 */
function batchChunks(batch: readonly QueuedRecord[], offset: number): Buffer[] {
  const chunks: Buffer[] = [];
  let at = offset;
  for (const queued of batch) {
    const { record, line, from } = queued;
    let length = 0;
    if (typeof line === 'string') {
      const bytes = Buffer.from(line);
      chunks.push(bytes);
      length = bytes.length;
    } else {
      for (const chunk of line) {
        chunks.push(chunk);
        length += chunk.length;
      }
    }
    if (from !== undefined) {
      const place = 'record' in from ? from.place! : from;
      const close = Buffer.from(`,"from":[${place.offset},${place.bytes},${JSON.stringify(place.field)}]}\n`);
      chunks.push(close);
      length += close.length;
      queued.place = place;
    } else {
      const field = LARGE_FIELD[record.t];
      queued.place = field === undefined ? undefined : { offset: at, bytes: length - 1, field };
    }
    at += length;
  }
  return chunks;
}

/** The payload or body of a record when it is an object (a value another record may hold too). */
function largeValue(record: StoreRecord): object | undefined {
  const field = LARGE_FIELD[record.t];
  if (field === undefined) return undefined;
  const value = (record.v as unknown as Record<string, unknown>)[field];
  return typeof value === 'object' && value !== null ? value : undefined;
}

/** The record's line with `null` for its payload or body, without the closing brace its `from` goes before. */
function referringLine(record: StoreRecord): string {
  return recordLine(record, LARGE_FIELD[record.t]!, 'null').slice(0, -2);
}

/** A data directory that cannot be created or written is the user's to fix (exit 2 in the CLI). */
function unusableDir(dir: string, error: unknown): unknown {
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOTDIR: 'a part of the path is a file',
    EEXIST: 'a file of that name exists',
    ENOSPC: 'the disk is full',
  };
  const reason = reasons[(error as NodeJS.ErrnoException).code ?? ''];
  if (reason === undefined) return error;
  return new UsageError(`Cannot use ${dir} as the sandbox data directory: ${reason}. Give a writable directory with --data-dir (dataDir).`, { cause: error });
}

/**
 * Reads the log into memory, line by line (a big batch's log outgrows the longest string V8 can
 * hold, ~512 MiB), each record's payload or body left in the log. Returns the records read and
 * whether the last line was torn.
 */
function replay(store: StoreState, reader: LogReader, path: string, onWarning: ((message: string) => void) | undefined): { lines: number; torn: boolean } {
  for (const map of [store.projects, store.exports, store.artifacts, store.tokens, store.dubbing]) map.clear();
  store.ledger.length = 0;
  let lines = 0;
  let torn = false;
  /** What a `from` can name: the offset, length and field of each line read so far that holds its value, in order. */
  const holding: (number | string)[] = [];
  forEachLineSync(path, (line, number, ended, offset, bytes) => {
    if (!ended) {
      // Whatever follows the last newline was being written when the process stopped.
      torn = true;
      onWarning?.(`ignored an incomplete last line of ${path} (${bytes} bytes)`);
      return;
    }
    if (line === '') return;
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      record = undefined;
    }
    if (!isRecordLine(record)) {
      onWarning?.(`ignored unreadable line ${number} of ${path}`);
      return;
    }
    const field = LARGE_FIELD[record.t];
    if (field === undefined) {
      lines += 1;
      apply(store, record);
      return;
    }
    const place = record.from === undefined ? { offset, bytes, field } : heldAt(record.from, holding);
    if (place === undefined) {
      onWarning?.(`ignored line ${number} of ${path}: its ${field} refers to ${JSON.stringify(record.from)}, not to an earlier line that holds it`);
      return;
    }
    if (record.from === undefined) holding.push(offset, bytes, field);
    lines += 1;
    apply(store, onDisk(record, field, reader, place));
  });
  return { lines, torn };
}

/** A parsed line shaped as the store writes them: `{t, v}` with an object `v` (and a `from`, when it refers). */
function isRecordLine(value: unknown): value is StoreRecord & { from?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const { t, v } = value as { t?: unknown; v?: unknown };
  return typeof t === 'string' && typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The field of each kind of record that can be several kB (a payload, a request body): left in the log. */
const LARGE_FIELD: Partial<Record<StoreRecord['t'], string>> = { project: 'payload', export: 'payload', ledger: 'body' };

/**
 * The place a line's `from` names when it is one of `holding` (offset, length and field of each
 * earlier line that holds its value): not a part of a line, a line that refers in turn, nor
 * another field. A Map of them made replaying 120,000 creates 8% slower.
 */
function heldAt(from: unknown, holding: readonly (number | string)[]): LogPlace | undefined {
  if (!Array.isArray(from) || from.length !== 3) return undefined;
  const [offset, bytes, field] = from as unknown[];
  // The last of them at or before `offset`, by bisection.
  let low = 0;
  let high = holding.length / 3 - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((holding[middle * 3] as number) <= (offset as number)) low = middle;
    else high = middle - 1;
  }
  const at = low * 3;
  return holding[at] === offset && holding[at + 1] === bytes && holding[at + 2] === field ? { offset: offset as number, bytes: bytes as number, field: field as string } : undefined;
}

/** The record with `field` of its value read from the log (`place`) whenever it is asked for. */
function onDisk(record: StoreRecord, field: string, reader: LogReader, place: LogPlace): StoreRecord {
  const value = record.v as unknown as Record<string, unknown>;
  const copy: Record<string | symbol, unknown> = {};
  // The keys in their order (a snapshot line serialises them in it), the one field as a getter.
  // One getter for all records, and the line's place in a property JSON and spreads leave out:
  // records of a kind keep one shape (a getter per record gave each its own, and slowed every
  // read of a record's fields).
  for (const key in value) {
    if (key === field) Object.defineProperty(copy, key, { get: readFromLog, enumerable: true, configurable: true });
    else copy[key] = value[key];
  }
  Object.defineProperty(copy, PLACE, { value: { reader, offset: place.offset, bytes: place.bytes, field: place.field } satisfies Place });
  return { t: record.t, v: copy } as unknown as StoreRecord;
}

const PLACE = Symbol('line in the log');

interface Place extends LogPlace {
  readonly reader: LogReader;
}

function readFromLog(this: { readonly [PLACE]: Place }): unknown {
  const place = this[PLACE];
  return place.reader.field(place.offset, place.bytes, place.field);
}

/** Puts `light` where `record` is in memory, if it is still there (no later save replaced it). */
function replace(store: StoreState, record: StoreRecord, light: StoreRecord): void {
  if (record.t === 'ledger') {
    const at = store.ledger.lastIndexOf(record.v);
    if (at >= 0) store.ledger[at] = light.v as LedgerEntry;
    return;
  }
  if (record.t === 'project' && store.projects.get(record.v.id) === record.v) store.projects.set(record.v.id, light.v as ProjectRecord);
  if (record.t === 'export' && store.exports.get(record.v.id) === record.v) store.exports.set(record.v.id, light.v as ExportRecord);
}

/** Applies a record to memory; returns how to take it back. */
function apply(store: StoreState, record: StoreRecord): () => void {
  switch (record.t) {
    case 'project':
      return put(store.projects, record.v.id, record.v);
    case 'export':
      return put(store.exports, record.v.id, record.v);
    case 'artifact':
      return put(store.artifacts, record.v.id, record.v);
    case 'token':
      return put(store.tokens, record.v.digest, record.v);
    case 'dubbing':
      return put(store.dubbing, record.v.id, record.v);
    case 'ledger': {
      const entry = record.v;
      store.ledger.push(entry);
      return () => {
        const at = store.ledger.lastIndexOf(entry);
        if (at >= 0) store.ledger.splice(at, 1);
      };
    }
  }
}

function put<V>(map: Map<string, V>, key: string, value: V): () => void {
  const had = map.has(key);
  const previous = map.get(key);
  map.set(key, value);
  return had ? () => map.set(key, previous as V) : () => map.delete(key);
}

/** The live records, one log line each (expired tokens dropped). */
function* snapshotLines(store: StoreState, now: number): Generator<string> {
  const line = (record: StoreRecord) => `${JSON.stringify(record)}\n`;
  for (const v of store.projects.values()) yield line({ t: 'project', v });
  for (const v of store.exports.values()) yield line({ t: 'export', v });
  for (const v of store.artifacts.values()) yield line({ t: 'artifact', v });
  for (const v of store.tokens.values()) if (v.expiresAt > now) yield line({ t: 'token', v });
  for (const v of store.dubbing.values()) yield line({ t: 'dubbing', v });
  for (const v of store.ledger) yield line({ t: 'ledger', v });
}

/** Writes the lines to a temporary file in pieces (a snapshot can outgrow the longest string), fsyncs it, renames it over `path`. */
async function writeSnapshot(path: string, lines: Iterable<string>): Promise<void> {
  const temp = `${path}.compact.tmp`;
  const handle = await open(temp, 'w');
  try {
    let piece = '';
    for (const line of lines) {
      piece += line;
      if (piece.length >= SNAPSHOT_PIECE_CHARS) {
        await handle.writeFile(piece);
        piece = '';
      }
    }
    if (piece !== '') await handle.writeFile(piece);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
}

const SNAPSHOT_PIECE_CHARS = 1 << 20;
