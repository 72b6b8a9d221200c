/**
 * CPU and memory of reading a big batch's journal (`readJournal`, what `vsynth batch --resume`
 * does first): a journal of `--rows` rows, each an attempt and a done line as the batch writes
 * them, read `--runs` times. Prints each run's CPU ms and the RSS after it on stderr, and the
 * file's size:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/journal-read.ts [--rows 1000000] [--runs 3]
 */
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readJournal } from '@vsynth/templates';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '3' } } });
const rows = Number(values.rows);
const runs = Number(values.runs);

const dir = mkdtempSync(join(tmpdir(), 'vsynth-journal-read-'));
try {
  const file = join(dir, 'batch.journal.ndjson');
  const fd = openSync(file, 'w');
  const time = '2026-11-25T04:00:00.000Z';
  let piece = `${JSON.stringify({ type: 'batch', v: 1, id: 'b-5f2c9a', template: 'modify.json', time })}\n`;
  for (let row = 1; row <= rows; row++) {
    piece += `${JSON.stringify({ type: 'attempt', row, key: 'AbCdEfGhIjKl', attempt: 1, cid: `b-5f2c9a.${row}`, time })}\n`;
    piece += `${JSON.stringify({ type: 'done', row, key: 'AbCdEfGhIjKl', projectId: '0123456789abcdef01234567', cubes: 2, via: 'response', time })}\n`;
    if (piece.length > 1 << 20) {
      writeSync(fd, piece);
      piece = '';
    }
  }
  writeSync(fd, piece);
  closeSync(fd);
  process.stderr.write(`journal of ${rows.toLocaleString('en-US')} rows: ${(statSync(file).size / 1e6).toFixed(0)} MB\n`);
  for (let run = 1; run <= runs; run++) {
    const start = process.cpuUsage();
    const state = readJournal(file);
    const used = process.cpuUsage(start);
    if (state?.rows.size !== rows) throw new Error(`read ${state?.rows.size} rows`);
    process.stderr.write(`run ${run}: ${((used.user + used.system) / 1000).toFixed(0)} ms CPU, RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB\n`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
