import { spawn } from 'node:child_process';
import { closeSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openJournal } from './open-journal.js';
import { readJournal } from './read-journal.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-journal-');
const time = '2026-01-01T00:00:00.000Z';
const batch = { id: 'b', template: 't' };
const attempt = (row: number) => ({ type: 'attempt' as const, row, key: `k${row}`, attempt: 1, cid: `b.${row}`, time });
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

/** An fsync that records the file's size at each call. */
function recordingFsync(file: string) {
  const sizes: number[] = [];
  return { sizes, fsync: async () => void sizes.push(statSync(file).size) };
}

/** The `type row` of each line in the first `size` bytes of the journal. */
const linesOf = (file: string, size = Number.POSITIVE_INFINITY) =>
  readFileSync(file, 'utf8')
    .slice(0, size)
    .trim()
    .split('\n')
    .map((line) => {
      const entry = JSON.parse(line) as { type: string; row?: number };
      return entry.row === undefined ? entry.type : `${entry.type} ${entry.row}`;
    });

describe('journal', () => {
  it('commits the entries of one task together: one write, one fsync, and no attempt released before it', async () => {
    const file = join(dir(), 'j.ndjson');
    const synced = recordingFsync(file);
    const journal = openJournal(file, { batch, fsync: synced.fsync });
    expect(synced.sizes).toHaveLength(0); // the batch line goes out with the first attempt
    const released: number[] = [];
    const rows = [1, 2, 3].map((row) => journal.append(attempt(row))!.then(() => released.push(row)));
    journal.append({ type: 'done', row: 9, key: 'k9', via: 'response', time });
    expect(readFileSync(file, 'utf8')).toBe('');
    await Promise.all(rows);
    expect(synced.sizes).toHaveLength(1);
    expect(linesOf(file, synced.sizes[0])).toEqual(['batch', 'attempt 1', 'attempt 2', 'attempt 3', 'done 9']);
    expect(released).toEqual([1, 2, 3]);
    journal.close();
  });

  it('attempts written while an fsync runs wait for the next one, which they share; outcomes alone fsync nothing', async () => {
    const file = join(dir(), 'j.ndjson');
    const sizes: number[] = [];
    const finish: (() => void)[] = [];
    const fsync = (_fd: number) => {
      sizes.push(statSync(file).size);
      return new Promise<void>((resolve) => finish.push(resolve));
    };
    const journal = openJournal(file, { batch, fsync });
    const released: number[] = [];
    const wait = (row: number) => journal.append(attempt(row))!.then(() => released.push(row));
    const first = wait(1);
    await endOfTurn();
    expect(sizes).toHaveLength(1);
    const later = [wait(2), wait(3)];
    journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', time });
    await endOfTurn();
    // Written at the end of their turn, but the first fsync still runs: nobody is released yet.
    expect(linesOf(file)).toEqual(['batch', 'attempt 1', 'attempt 2', 'attempt 3', 'done 1']);
    expect(sizes).toHaveLength(1);
    expect(released).toEqual([]);
    finish[0]!();
    await first;
    expect(released).toEqual([1]);
    await endOfTurn();
    expect(sizes).toHaveLength(2);
    expect(linesOf(file, sizes[1])).toEqual(['batch', 'attempt 1', 'attempt 2', 'attempt 3', 'done 1']);
    finish[1]!();
    await Promise.all(later);
    expect(released).toEqual([1, 2, 3]);
    journal.append({ type: 'done', row: 2, key: 'k2', via: 'response', time });
    await endOfTurn();
    expect(linesOf(file).at(-1)).toBe('done 2');
    expect(sizes).toHaveLength(2);
    journal.close();
  });

  it('rejects the attempts of a failed fsync, so their rows are not sent', async () => {
    const file = join(dir(), 'j.ndjson');
    const fsync = async () => {
      throw Object.assign(new Error('i/o error'), { code: 'EIO' });
    };
    const journal = openJournal(file, { batch, fsync });
    await expect(journal.append(attempt(1))).rejects.toThrow(
      /Cannot flush the journal .*j\.ndjson to disk \(EIO\); rows are not sent without a durable journal\./,
    );
    journal.close();
  });

  it('a failed write rejects the attempts waiting for it and stops the journal', async () => {
    const file = join(dir(), 'j.ndjson');
    let journalFd: number | undefined;
    const fsync = async (fd: number) => {
      journalFd = fd;
    };
    const journal = openJournal(file, { batch, fsync });
    await journal.append(attempt(9));
    // The descriptor closed under the journal: its next write fails (EBADF). Committed at once, so
    // that no other file of this process is opened under the same descriptor meanwhile.
    closeSync(journalFd!);
    const waiting = journal.append(attempt(1));
    expect(journal.commit()?.message).toMatch(
      /Cannot write the journal .*j\.ndjson \(EBADF\); rows are not sent without a durable journal\./,
    );
    await expect(waiting).rejects.toThrow(/EBADF/);
    expect(() => journal.append(attempt(2))).toThrow(/Cannot write the journal .*\(EBADF\)/);
    expect(() => journal.close()).toThrow(/EBADF/);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('close() commits what was appended in this task, releases its attempts and the lock', async () => {
    const file = join(dir(), 'j.ndjson');
    const journal = openJournal(file, { batch });
    const waiting = [journal.append(attempt(1)), journal.append(attempt(2))];
    journal.close();
    await Promise.all(waiting);
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect([...readJournal(file)!.rows.keys()]).toEqual([1, 2]);
  });

  it('with write durability writes each line at once, returns nothing to wait for and never fsyncs', async () => {
    const file = join(dir(), 'j.ndjson');
    const synced = recordingFsync(file);
    const journal = openJournal(file, { batch, durability: 'write', fsync: synced.fsync });
    expect(journal.append(attempt(1))).toBeUndefined();
    expect(linesOf(file)).toEqual(['batch', 'attempt 1']);
    await endOfTurn();
    expect(synced.sizes).toHaveLength(0);
    journal.close();
  });

  it('writes outcome lines as their task ends, in the order appended', async () => {
    const file = join(dir(), 'j.ndjson');
    const journal = openJournal(file, { batch });
    journal.append({
      type: 'failed',
      row: 2,
      key: 'k2',
      reason: 'http_503',
      code: 'VSYNTH_API',
      message: 'm',
      status: 503,
      time,
    });
    journal.append({ type: 'unknown', row: 4, key: 'k4', reason: 'timeout', message: 'm', time });
    await endOfTurn();
    expect(linesOf(file)).toEqual(['batch', 'failed 2', 'unknown 4']);
    journal.close();
    expect(readJournal(file)!.rows.get(4)?.status).toBe('unknown');
  });

  it('a process that exits in the turn it appended outcomes still has them in the journal', async () => {
    const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const file = join(dir(), 'j.ndjson');
    const openModule = pathToFileURL(fileURLToPath(new URL('./open-journal.ts', import.meta.url))).href;
    const code = `import { openJournal } from ${JSON.stringify(openModule)};
const journal = openJournal(${JSON.stringify(file)}, { batch: { id: 'b', template: 't' } });
await journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b.1', time: 't' });
journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', time: 't' });
process.exit(0);`;
    const proc = spawn(
      process.execPath,
      ['--conditions=@vsynth/source', '--import', TSX, '--input-type=module', '-e', code],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
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
      const proc = spawn(
        process.execPath,
        ['--conditions=@vsynth/source', '--import', TSX, child, journalFile, sentFile],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
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
      const sent = readFileSync(sentFile, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map(Number);
      const attempted = readJournal(journalFile)!.rows;
      expect(sent.length).toBeGreaterThan(20);
      expect(sent.filter((row) => !attempted.has(row))).toEqual([]);
    }
  }, 60_000);
});
