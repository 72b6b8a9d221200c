/**
 * CPU per row of a dry run (`runBatch({ dryRun })`: CSV read, row key, bind, validate, cube
 * estimate, results file) beside the bare binding of the same template and rows
 * (`template.bind` over rows in memory), same process, same run; rounds alternate, the median is
 * reported and each round's figures go to stderr. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/dry-run-cpu.ts [--rows 50000] [--rounds 3] [--warmup-rows 100000]
 *
 * - `dryRun.cpuPerRowRatio`: dry-run CPU µs/row / bare binding CPU µs/row (aim ≤ 2).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch } from '@vsynth/batch';
import { modifyTemplate, rowsFromFile } from '@vsynth/templates';
import { cpuMicros, figure, median, printFigure } from '../figure.js';
import { FIVE_FIELD_MODIFY } from './five-field-template.js';
import { fiveFieldRow, writeFiveFieldCsv } from './five-field-rows.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '50000' }, rounds: { type: 'string', default: '3' }, 'warmup-rows': { type: 'string', default: '100000' } } });
const count = Number(values.rows);
const rounds = Number(values.rounds);
const warmupRows = Number(values['warmup-rows']);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-dry-run-cpu-'));
try {
  const data = join(dir, 'rows.csv');
  await writeFiveFieldCsv(data, count);
  const rows = Array.from({ length: count }, (_, i) => fiveFieldRow(i));
  const template = modifyTemplate(FIVE_FIELD_MODIFY);

  const bare = () => {
    for (let i = 0; i < count; i++) if (!template.bind(rows[i]!, i + 1).ok) throw new Error('bind failed');
  };
  const dryRun = async () => {
    const summary = await runBatch({ rows: rowsFromFile(data), template, dryRun: true, results: join(dir, 'results.csv'), secrets: [] });
    if (summary.ok !== count) throw new Error(`${count - summary.ok} rows failed`);
  };
  // Both warmed over `--warmup-rows` rows first: from a cold process the dry run needs ~80,000
  // rows before V8 stops re-optimising runBatch, which cpuUsage would count as the dry run's.
  for (let warmed = 0; warmed < Math.max(warmupRows, 1); warmed += count) {
    bare();
    await dryRun();
  }
  const b: number[] = [];
  const d: number[] = [];
  for (let r = 0; r < rounds; r++) {
    b.push((await cpuMicros(bare)).cpu / count);
    d.push((await cpuMicros(dryRun)).cpu / count);
  }
  process.stderr.write(`µs CPU per row by round: bare binding ${b.map((v) => v.toFixed(2)).join(', ')}; dry run ${d.map((v) => v.toFixed(2)).join(', ')}\n`);
  printFigure(figure('dryRun.cpuPerRowRatio', median(d), 'µs CPU/row (baseline: bare binding)', median(b), '<=', 2));
} finally {
  await rm(dir, { recursive: true, force: true });
}
