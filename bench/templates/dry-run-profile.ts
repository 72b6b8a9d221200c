/**
 * Dry runs only (`runBatch({ dryRun })` over the CSV of `dry-run-cpu.ts`, results file included),
 * for a CPU profile of the dry run without the bare binding beside it. Prints the CPU µs per row of
 * each run:
 *
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --conditions=@vsynth/source --import tsx bench/templates/dry-run-profile.ts [--rows 100000] [--runs 3]
 *   node /work/helpers/prof-top.mjs "$(ls -S /tmp/prof/*.cpuprofile | head -1)" 30 50
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { modifyTemplate, rowsFromFile, runBatch } from '@vsynth/templates';
import { FIVE_FIELD_MODIFY } from './five-field-template.js';
import { writeFiveFieldCsv } from './five-field-rows.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } } });
const count = Number(values.rows);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-dry-run-profile-'));
try {
  const data = join(dir, 'rows.csv');
  await writeFiveFieldCsv(data, count);
  const template = modifyTemplate(FIVE_FIELD_MODIFY);
  for (let run = 0; run < Number(values.runs); run++) {
    const start = process.cpuUsage();
    const summary = await runBatch({ rows: rowsFromFile(data), template, dryRun: true, results: join(dir, 'results.csv'), secrets: [] });
    const used = process.cpuUsage(start);
    if (summary.ok !== count) throw new Error(`${count - summary.ok} rows failed`);
    process.stdout.write(`run ${run + 1}: ${((used.user + used.system) / count).toFixed(2)} µs CPU/row\n`);
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
