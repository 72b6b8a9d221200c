/**
 * What a dry run of a large CSV costs its user: `vsynth batch --dry-run` of the 5-field modify
 * template over a generated CSV (`bench/code-under-test.ts`'s CLI, a child process), its peak
 * memory and CPU per row beside the bare binding of the same rows (`bare-binding.ts`: csv-parse
 * and Handlebars alone). Each side's start-up is left out of its CPU per row: both also run over
 * a one-row file, and the difference is divided by the rows less one. Rounds alternate; medians.
 * Under ~50,000 rows the start-ups' own swings outweigh the rows.
 *
 *   node --import tsx bench/dry-run/dry-run.ts [--rows 1000000] [--rounds 1]
 *
 * - `dryRun.peakRssMB`: peak RSS of the dry run (aim < 150 MB; from the sources it counts tsx).
 * - `dryRun.vsBareBinding`: dry-run CPU µs per row over the bare binding's (aim ≤ 3).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_ARGS, RUNS_BUILT, TS_NODE_ARGS } from '../code-under-test.js';
import { figure, median, printFigure } from '../figure.js';
import { writeFiveFieldCsv } from '../five-field-rows.js';
import { FIVE_FIELD_MODIFY } from '../five-field-template.js';
import { timedNode, type TimedRun } from './timed-run.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '1' } },
});
const count = Number(values.rows);
const rounds = Number(values.rounds);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-dry-run-'));
try {
  const data = join(dir, 'rows.csv');
  const oneRow = join(dir, 'one-row.csv');
  const template = join(dir, 'modify.json');
  await writeFiveFieldCsv(data, count);
  await writeFiveFieldCsv(oneRow, 1);
  await writeFile(template, JSON.stringify(FIVE_FIELD_MODIFY));
  const report = join(dir, 'time.txt');

  const dryRun = async (csv: string, rows: number): Promise<TimedRun> => {
    const flags = [
      '--template',
      template,
      '--data',
      csv,
      '--dry-run',
      '--events',
      'none',
      '--out',
      join(dir, 'results.csv'),
    ];
    const run = await timedNode([...CLI_ARGS, 'batch', ...flags], report);
    const summary = JSON.parse(run.stdout) as { ok: number };
    if (summary.ok !== rows) throw new Error(`the dry run found ${rows - summary.ok} of ${rows} rows invalid`);
    return run;
  };
  const bare = async (csv: string, rows: number): Promise<TimedRun> => {
    const run = await timedNode([...TS_NODE_ARGS, 'bench/dry-run/bare-binding.ts', csv], report);
    if ((JSON.parse(run.stdout) as { rows: number }).rows !== rows) throw new Error('the bare binding lost rows');
    return run;
  };

  const perRow = (all: TimedRun, one: TimedRun) => ((all.cpuSeconds - one.cpuSeconds) * 1e6) / (count - 1);
  const dryCpu: number[] = [];
  const bareCpu: number[] = [];
  const peakRss: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const dryOne = await dryRun(oneRow, 1);
    const dryAll = await dryRun(data, count);
    const bareOne = await bare(oneRow, 1);
    const bareAll = await bare(data, count);
    dryCpu.push(perRow(dryAll, dryOne));
    bareCpu.push(perRow(bareAll, bareOne));
    peakRss.push(dryAll.peakRssMB);
    const cpu = (all: TimedRun, one: TimedRun) =>
      `${all.cpuSeconds.toFixed(1)} s CPU (one row ${one.cpuSeconds.toFixed(2)})`;
    process.stderr.write(
      `round ${r + 1}: dry run ${cpu(dryAll, dryOne)}, peak RSS ${dryAll.peakRssMB.toFixed(0)} MB; ` +
        `bare binding ${cpu(bareAll, bareOne)}\n`,
    );
  }
  const rows = `${count.toLocaleString('en-US')} rows`;
  const code = RUNS_BUILT ? 'built CLI' : 'CLI from the sources, tsx included';
  printFigure(figure('dryRun.peakRssMB', median(peakRss), `MB peak RSS, ${rows}, ${code}`, null, '<', 150));
  printFigure(
    figure(
      'dryRun.vsBareBinding',
      median(dryCpu),
      `µs CPU/row, ${rows}, ${code} (baseline: csv-parse + Handlebars alone)`,
      median(bareCpu),
      '<=',
      3,
    ),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
