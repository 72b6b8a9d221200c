/**
 * What one durable flush of the journal costs, `fdatasync` (the journal's) beside `fsync` (what it
 * used before), same file system, same run: each call follows the append of one journal-sized
 * line (~220 bytes) to the end of the file, as a group commit does; rounds alternate. Reports the
 * process's CPU per call (user + system of every thread, so the thread pool's share counts) and
 * the wall time until the callback. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/journal-sync-call.ts [--calls 400] [--rounds 4]
 *
 * - `journal.fdatasyncCpuVsFsync`: µs CPU per `fdatasync` (baseline: per `fsync`; aim ≤ 1, no worse).
 * - `journal.fdatasyncWaitVsFsync`: ms until the callback, the same way.
 */
import { closeSync, fdatasync, fsync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cpuMicros, figure, median, printFigure } from '../figure.js';

const { values } = parseArgs({ options: { calls: { type: 'string', default: '400' }, rounds: { type: 'string', default: '4' } } });
const calls = Number(values.calls);
const rounds = Number(values.rounds);
const line = `${JSON.stringify({ type: 'attempt', row: 123456, key: 'a'.repeat(64), attempt: 1, cid: 'batch-0123456789abcdef.123456', projectId: '6740f1a2c3d4e5f60718293a', time: new Date().toISOString() })}\n`;
type Flush = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

const dir = await mkdtemp(join(tmpdir(), 'vsynth-journal-sync-'));
try {
  let file = 0;
  const round = async (flush: Flush): Promise<{ cpu: number; waitMs: number }> => {
    const fd = openSync(join(dir, `j-${file++}.ndjson`), 'a');
    let waitMs = 0;
    const { cpu } = await cpuMicros(async () => {
      for (let i = 0; i < calls; i++) {
        writeSync(fd, line);
        const started = performance.now();
        await new Promise<void>((resolve, reject) => flush(fd, (error) => (error === null ? resolve() : reject(error))));
        waitMs += performance.now() - started;
      }
    });
    closeSync(fd);
    return { cpu: cpu / calls, waitMs: waitMs / calls };
  };
  await round(fsync);
  await round(fdatasync);
  const data: { cpu: number; waitMs: number }[] = [];
  const full: { cpu: number; waitMs: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    full.push(await round(fsync));
    data.push(await round(fdatasync));
  }
  printFigure(figure('journal.fdatasyncCpuVsFsync', median(data.map((d) => d.cpu)), 'µs CPU per fdatasync after an appended line (baseline: per fsync)', median(full.map((d) => d.cpu)), '<=', 1));
  printFigure(figure('journal.fdatasyncWaitVsFsync', median(data.map((d) => d.waitMs)), 'ms until an fdatasync after an appended line returns (baseline: an fsync)', median(full.map((d) => d.waitMs)), '<=', 1));
} finally {
  await rm(dir, { recursive: true, force: true });
}
