import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { closeSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { INLINE_FLUSH_LIMIT_MS, openJournal, readJournal } from './journal.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-group-commit-');
const time = '2026-01-01T00:00:00.000Z';
const attempt = (row: number) => ({ type: 'attempt' as const, row, key: `k${row}`, attempt: 1, cid: `b.${row}`, time });

/** An fsync the test completes by hand; records the file size when each one started. */
function manualFsync(file: string) {
  const started: { size: number; done: (error: NodeJS.ErrnoException | null) => void }[] = [];
  return { started, fsync: (_fd: number, done: (error: NodeJS.ErrnoException | null) => void) => started.push({ size: statSync(file).size, done }) };
}

/** Holds this thread for `ms`, as a slow synchronous fsync would. */
const block = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** An inline flush that records the file size at each call; `delayMs` makes it that slow. */
function inlineFsync(file: string, delayMs?: number) {
  const sizes: number[] = [];
  return {
    sizes,
    fsyncSync: () => {
      sizes.push(statSync(file).size);
      if (delayMs !== undefined) block(delayMs);
    },
  };
}

/** The `row` of each line in the first `size` bytes of the journal (undefined for the batch line). */
const lineRows = (file: string, size: number) =>
  readFileSync(file, 'utf8')
    .slice(0, size)
    .trim()
    .split('\n')
    .map((l) => (JSON.parse(l) as { row?: number }).row);

describe('journal inline flush (the default while the disk is fast)', () => {
  it('flushes every attempt of an event-loop turn with one synchronous fsync at the end of the turn, and releases no row before it', async () => {
    const file = join(dir(), 'j.ndjson');
    const inline = inlineFsync(file);
    const thread = manualFsync(file);
    // Inline pinned: in auto mode a loaded machine can make even this flush look slow, and the
    // journal then hands it to the hand-completed thread-pool fsync, which never completes.
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'inline', fsync: thread.fsync, fsyncSync: inline.fsyncSync });
    const flushedBefore = inline.sizes.length; // the batch line's own flush
    const released: { row: number; flushes: number }[] = [];
    const rows = [1, 2, 3].map((row) => journal.append(attempt(row))!.then(() => released.push({ row, flushes: inline.sizes.length })));
    journal.append({ type: 'done', row: 9, key: 'k9', via: 'response', time });
    expect(inline.sizes).toHaveLength(flushedBefore);
    await Promise.all(rows);
    // One flush for the turn, after the write of all its lines; each row released after it.
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
    expect(lineRows(file, inline.sizes.at(-1)!)).toEqual([undefined, 1, 2, 3, 9]);
    expect(released).toEqual([1, 2, 3].map((row) => ({ row, flushes: flushedBefore + 1 })));
    // A later turn gets its own flush; the thread pool is never used.
    await journal.append(attempt(4));
    expect(inline.sizes).toHaveLength(flushedBefore + 2);
    expect(thread.started).toHaveLength(0);
    journal.close();
  });

  it('keeps flushing inline through a rare slow flush, and moves to the thread pool once they are slow on average (auto)', async () => {
    const file = join(dir(), 'j.ndjson');
    let delayMs = 0;
    let inlineFlushes = 0;
    const fsyncSync = () => {
      inlineFlushes += 1;
      if (delayMs > 0) block(delayMs);
    };
    const thread = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, fsync: thread.fsync, fsyncSync });
    let row = 0;
    // One spike, six times the limit, among fast flushes: still inline.
    delayMs = 6 * INLINE_FLUSH_LIMIT_MS;
    await journal.append(attempt(++row));
    delayMs = 0;
    await journal.append(attempt(++row));
    expect(thread.started).toHaveLength(0);
    // Every flush three times the limit: the average passes it within a few flushes.
    delayMs = 3 * INLINE_FLUSH_LIMIT_MS;
    const before = inlineFlushes;
    let pending: Promise<void> | undefined;
    while (thread.started.length === 0 && inlineFlushes - before < 20) {
      pending = journal.append(attempt(++row));
      // Handed to the thread pool at once (not at the end of the turn): settled by hand below.
      if (thread.started.length === 0) await pending;
    }
    expect(inlineFlushes - before).toBeGreaterThan(1);
    expect(inlineFlushes - before).toBeLessThanOrEqual(8);
    expect(thread.started).toHaveLength(1);
    const flushed = inlineFlushes;
    thread.started[0]!.done(null);
    await pending;
    expect(inlineFlushes).toBe(flushed);
    journal.close();
  });

  it('starts in the thread pool when the flush of the batch line at open was slow (auto)', async () => {
    const file = join(dir(), 'j.ndjson');
    const inline = inlineFsync(file, INLINE_FLUSH_LIMIT_MS + 3);
    const thread = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, fsync: thread.fsync, fsyncSync: inline.fsyncSync });
    expect(inline.sizes).toHaveLength(1);
    const first = journal.append(attempt(1))!;
    expect(thread.started).toHaveLength(1);
    thread.started[0]!.done(null);
    await first;
    expect(inline.sizes).toHaveLength(1);
    journal.close();
  });

  it('stays inline after a slow flush when told to (inline)', async () => {
    const file = join(dir(), 'j.ndjson');
    const inline = inlineFsync(file, INLINE_FLUSH_LIMIT_MS + 3);
    const thread = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'inline', fsync: thread.fsync, fsyncSync: inline.fsyncSync });
    await journal.append(attempt(1));
    await journal.append(attempt(2));
    expect(thread.started).toHaveLength(0);
    journal.close();
  });

  it('rejects the rows of a failed inline flush, so they are not sent', async () => {
    const file = join(dir(), 'j.ndjson');
    let calls = 0;
    // The batch line's flush (at open) succeeds; the next one fails.
    const fsyncSync = () => {
      calls += 1;
      if (calls > 1) throw Object.assign(new Error('i/o error'), { code: 'EIO' });
    };
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'inline', fsyncSync });
    await expect(journal.append(attempt(1))).rejects.toThrow(/Cannot flush the journal .*j\.ndjson to disk \(EIO\); rows are not sent without a durable journal\./);
    expect(calls).toBe(2);
    journal.close();
  });
});

describe('journal group commit in the thread pool', () => {
  it('covers the attempts written while an fsync runs with the next fsync, and releases no row before its fsync', async () => {
    const file = join(dir(), 'j.ndjson');
    const sync = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'thread-pool', fsync: sync.fsync });
    const durable: number[] = [];
    const first = journal.append(attempt(1))!.then(() => durable.push(1));
    expect(sync.started).toHaveLength(1);
    // Written while the first fsync runs: no fsync of their own.
    const rest = [2, 3, 4].map((row) => journal.append(attempt(row))!.then(() => durable.push(row)));
    journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', time });
    expect(sync.started).toHaveLength(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(durable).toEqual([]);

    sync.started[0]!.done(null);
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(durable).toEqual([1]);
    // The second fsync started when the first ended and covers rows 2-4 (their lines were written before it).
    expect(sync.started).toHaveLength(2);
    expect(lineRows(file, sync.started[1]!.size)).toEqual([undefined, 1, 2, 3, 4, 1]);

    sync.started[1]!.done(null);
    await Promise.all(rest);
    expect(durable).toEqual([1, 2, 3, 4]);
    expect(sync.started).toHaveLength(2);
    journal.close();
  });

  it('rejects the waiting rows when the fsync fails, so they are not sent', async () => {
    const file = join(dir(), 'j.ndjson');
    const sync = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'thread-pool', fsync: sync.fsync });
    const pending = journal.append(attempt(1));
    sync.started[0]!.done(Object.assign(new Error('no space'), { code: 'ENOSPC' }));
    await expect(pending).rejects.toThrow(/Cannot flush the journal .*j\.ndjson to disk \(ENOSPC\); rows are not sent without a durable journal\./);
    journal.close();
  });

  it('close() fsyncs what still waits, settles it and releases the lock', async () => {
    const file = join(dir(), 'j.ndjson');
    const sync = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'thread-pool', fsync: sync.fsync });
    const a = journal.append(attempt(1));
    const b = journal.append(attempt(2));
    journal.close();
    await Promise.all([a, b]);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect([...readJournal(file)!.rows.keys()]).toEqual([1, 2]);
  });

  it('with write durability returns nothing to wait for and never fsyncs', () => {
    const file = join(dir(), 'j.ndjson');
    const sync = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, durability: 'write', flush: 'thread-pool', fsync: sync.fsync });
    expect(journal.append(attempt(1))).toBeUndefined();
    expect(sync.started).toHaveLength(0);
    journal.close();
  });

  it('writes outcome lines by the end of the turn, with the attempts of the next fsync, in the order appended', async () => {
    const file = join(dir(), 'j.ndjson');
    const sync = manualFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'thread-pool', fsync: sync.fsync });
    const rowsInFile = () => readFileSync(file, 'utf8').trim().split('\n').map((l) => { const e = JSON.parse(l) as { type: string; row?: number }; return e.row === undefined ? e.type : `${e.type} ${e.row}`; });
    const first = journal.append(attempt(1));
    expect(rowsInFile()).toEqual(['batch', 'attempt 1']);
    journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', time });
    journal.append({ type: 'failed', row: 2, key: 'k2', reason: 'http_503', code: 'VSYNTH_API', message: 'm', status: 503, time });
    await new Promise((resolve) => setImmediate(resolve));
    expect(rowsInFile()).toEqual(['batch', 'attempt 1', 'done 1', 'failed 2']);
    // An attempt written while an fsync runs and an outcome after it: one write when the next fsync starts.
    const second = journal.append(attempt(3));
    journal.append({ type: 'unknown', row: 4, key: 'k4', reason: 'timeout', message: 'm', time });
    sync.started[0]!.done(null);
    await first;
    expect(sync.started).toHaveLength(2);
    expect(lineRows(file, sync.started[1]!.size)).toHaveLength(6);
    expect(rowsInFile()).toEqual(['batch', 'attempt 1', 'done 1', 'failed 2', 'attempt 3', 'unknown 4']);
    sync.started[1]!.done(null);
    await second;
    journal.close();
    expect(readJournal(file)!.rows.get(4)?.status).toBe('unknown');
  });

  it('a failed write rejects the rows waiting for it (none is sent) and stops the journal', async () => {
    const file = join(dir(), 'j.ndjson');
    let journalFd: number | undefined;
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'thread-pool', fsync: (fd, done) => { journalFd = fd; done(null); } });
    await journal.append(attempt(1));
    // The descriptor closed under the journal: its next write fails (EBADF), all in this synchronous stretch.
    closeSync(journalFd!);
    const pending = journal.append(attempt(2));
    expect(() => journal.append(attempt(3))).toThrow(/Cannot write the journal .*j\.ndjson \(EBADF\); rows are not sent without a durable journal\./);
    expect(() => journal.close()).toThrow(/EBADF/);
    await expect(pending).rejects.toThrow(/Cannot write the journal .*j\.ndjson \(EBADF\)/);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('a process that exits in the turn it appended outcomes still has them in the journal', async () => {
    const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const file = join(dir(), 'j.ndjson');
    const journalModule = pathToFileURL(fileURLToPath(new URL('./journal.ts', import.meta.url))).href;
    const code = `import { openJournal } from ${JSON.stringify(journalModule)};
const journal = openJournal(${JSON.stringify(file)}, { batch: { id: 'b', template: 't' } });
await journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b.1', time: 't' });
journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', time: 't' });
process.exit(0);`;
    const proc = spawn(process.execPath, ['--conditions=@vsynth/source', '--import', TSX, '--input-type=module', '-e', code], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    proc.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise((resolve) => proc.on('exit', resolve));
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(readJournal(file)!.rows.get(1)?.status).toBe('done');
  }, 30_000);

  it('kill -9 at random moments never leaves a sent row without its attempt in the journal', async () => {
    const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = fileURLToPath(new URL('./test-journal-writer.ts', import.meta.url));
    for (let round = 0; round < 4; round++) {
      const where = dir();
      const journalFile = join(where, 'j.ndjson');
      const sentFile = join(where, 'sent.txt');
      writeFileSync(sentFile, '');
      const proc = spawn(process.execPath, ['--conditions=@vsynth/source', '--import', TSX, child, journalFile, sentFile], { stdio: ['ignore', 'ignore', 'pipe'] });
      // Let it write some rows, then kill at a random moment.
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (readFileSync(sentFile, 'utf8').split('\n').length > 20 + Math.floor(Math.random() * 200)) {
            clearInterval(timer);
            resolve();
          }
        }, 1);
        proc.on('exit', () => {
          clearInterval(timer);
          reject(new Error('the writer exited by itself'));
        });
      });
      proc.kill('SIGKILL');
      await new Promise((resolve) => proc.on('exit', resolve));
      const sent = readFileSync(sentFile, 'utf8').split('\n').filter((l) => l !== '').map(Number);
      const attempted = readJournal(journalFile)!.rows;
      expect(sent.length).toBeGreaterThan(20);
      expect(sent.filter((row) => !attempted.has(row))).toEqual([]);
    }
  }, 60_000);
});

describe('journal group window (what runBatch uses: attempts of answers that come one by one share a flush)', () => {
  const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));
  /** A new journal with `group`, its inline flushes recorded, and how many ran at open. */
  const groupJournal = (group: { windowMs: number; size: number }) => {
    const file = join(dir(), 'j.ndjson');
    const inline = inlineFsync(file);
    const journal = openJournal(file, { batch: { id: 'b', template: 't' }, flush: 'inline', fsyncSync: inline.fsyncSync, group });
    return { file, inline, journal, flushedBefore: inline.sizes.length };
  };

  it('waits for the group to fill, then flushes every waiting attempt at the end of that turn, releasing none before', async () => {
    const { file, inline, journal, flushedBefore } = groupJournal({ windowMs: 60_000, size: 3 });
    const released: number[] = [];
    const first = [1, 2].map((row) => journal.append(attempt(row))!.then(() => released.push(row)));
    await endOfTurn();
    await endOfTurn();
    // Two of three: no flush yet, no row released, however many turns pass within the window.
    expect(inline.sizes).toHaveLength(flushedBefore);
    expect(released).toEqual([]);
    const third = journal.append(attempt(3))!.then(() => released.push(3));
    await Promise.all([...first, third]);
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
    expect(lineRows(file, inline.sizes.at(-1)!)).toEqual([undefined, 1, 2, 3]);
    expect(released).toEqual([1, 2, 3]);
    journal.close();
  });

  it('flushes a group that did not fill when its window closes, with one flush', async () => {
    const { file, inline, journal, flushedBefore } = groupJournal({ windowMs: 30, size: 8 });
    let released = false;
    const row = journal.append(attempt(1))!.then(() => (released = true));
    await endOfTurn();
    expect(released).toBe(false);
    await row;
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
    expect(lineRows(file, inline.sizes.at(-1)!)).toEqual([undefined, 1]);
    journal.close();
  });

  it('flushes at the end of the turn with a window of 0, as without a group', async () => {
    const { inline, journal, flushedBefore } = groupJournal({ windowMs: 0, size: 8 });
    let released = false;
    const row = journal.append(attempt(1))!.then(() => (released = true));
    await endOfTurn();
    await endOfTurn();
    expect(released).toBe(true);
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
    await row;
    journal.close();
  });

  it('flushes the waiting attempts on close, and none after it', async () => {
    const { inline, journal, flushedBefore } = groupJournal({ windowMs: 20, size: 8 });
    const row = journal.append(attempt(1))!;
    journal.close();
    await row;
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(inline.sizes).toHaveLength(flushedBefore + 1);
  });

  it('refuses a window below 0 or a size below 1, saying what it got', () => {
    const file = join(dir(), 'j.ndjson');
    expect(() => openJournal(file, { batch: { id: 'b', template: 't' }, group: { windowMs: -1, size: 8 } })).toThrow(
      'The journal\'s group must have windowMs ≥ 0 and an integer size ≥ 1, got windowMs -1 and size 8.',
    );
    expect(() => openJournal(file, { batch: { id: 'b', template: 't' }, group: { windowMs: 1, size: 0 } })).toThrow('got windowMs 1 and size 0.');
  });
});
