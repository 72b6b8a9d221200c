/**
 * The journal's group commit beside the per-entry fsync it replaced, same run, same disk: 32
 * simulated rows in flight, each appends its attempt, waits until it is durable, "sends" (a 2 ms
 * timer standing in for the request), appends its outcome. The baseline writes and fsyncs each
 * attempt synchronously, as the journal did before. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/journal-commit.ts [--rows 3000] [--concurrency 32]
 *
 * - `journal.groupCommitSpeedup`: rows/s with group commit / with a per-entry fsync (aim ≥ 2).
 * - `journal.fsyncsPerRow`: fsyncs per row with group commit (baseline: 1 per row).
 * - `journal.groupCommitVsNoJournal`: rows/s with group commit / the same loop writing no journal
 *   (aim ≥ 0.6). What durability costs the rows; on a disk whose fsync is fast, the speedup over
 *   per-entry fsync cannot reach much past this loop's ceiling ÷ the per-entry rate.
 */
import { closeSync, fdatasyncSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { openJournal } from '@vsynth/batch';
import { figure, printFigure } from '../figure.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '3000' }, concurrency: { type: 'string', default: '32' } } });
const count = Number(values.rows);
const concurrency = Number(values.concurrency);
const dir = await mkdtemp(join(tmpdir(), 'vsynth-journal-bench-'));
const time = new Date().toISOString();

async function rowsPerSecond(record: (row: number) => Promise<void> | void, outcome: (row: number) => void): Promise<number> {
  let next = 1;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next <= count) {
        const row = next++;
        await record(row);
        await sleep(2);
        outcome(row);
      }
    }),
  );
  return count / ((performance.now() - start) / 1000);
}

try {
  let fsyncs = 0;
  const grouped = async (round: number) => {
    // The journal's own flushes, counted from the first row on.
    let counting = false;
    const journal = openJournal(join(dir, `group-${round}.ndjson`), {
      batch: { id: 'b', template: 't' },
      fsync: (fd) => {
        if (counting) fsyncs += 1;
        fdatasyncSync(fd);
      },
    });
    counting = true;
    const rate = await rowsPerSecond(
      (row) => journal.append({ type: 'attempt', row, key: `k${row}`, attempt: 1, cid: `b.${row}`, time }),
      (row) => void journal.append({ type: 'done', row, key: `k${row}`, via: 'response', time }),
    );
    journal.close();
    return rate;
  };
  const perEntry = async (round: number) => {
    const fd = openSync(join(dir, `entry-${round}.ndjson`), 'a');
    const rate = await rowsPerSecond(
      (row) => {
        writeSync(fd, `${JSON.stringify({ type: 'attempt', row, key: `k${row}`, attempt: 1, cid: `b.${row}`, time })}\n`);
        fsyncSync(fd);
      },
      (row) => void writeSync(fd, `${JSON.stringify({ type: 'done', row, key: `k${row}`, via: 'response', time })}\n`),
    );
    closeSync(fd);
    return rate;
  };
  const g: number[] = [];
  const p: number[] = [];
  const n: number[] = [];
  for (let round = 0; round < 2; round++) {
    n.push(await rowsPerSecond(() => {}, () => {}));
    p.push(await perEntry(round));
    g.push(await grouped(round));
  }
  const best = (xs: number[]) => Math.max(...xs);
  printFigure(figure('journal.groupCommitSpeedup', best(g), 'rows/s (baseline: per-entry fsync)', best(p), '>=', 2));
  printFigure(figure('journal.fsyncsPerRow', fsyncs / (2 * count), 'fsyncs/row with group commit', null, '<', 1));
  printFigure(figure('journal.groupCommitVsNoJournal', best(g), 'rows/s with group commit (baseline: the same loop writing no journal)', best(n), '>=', 0.6));
} finally {
  await rm(dir, { recursive: true, force: true });
}
