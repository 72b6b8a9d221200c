/**
 * What measuring each row's text in its box costs a dry run: `vsynth batch --dry-run` of the greeting
 * example's modify template on its `--slots-from` video, over generated rows whose names fill the title,
 * with the measuring on (the default) and off (`--no-measure-text`), CPU per row with each side's
 * start-up left out (a one-row file run the same way, its row a long name measured exactly, so that reading
 * the fonts falls on start-up). Rounds alternate; medians.
 *
 *   node --import tsx bench/dry-run/measure-text-share.ts [--rows 5000] [--rounds 3]
 *
 * - `dryRun.measureTextRatio`: CPU per row with the measuring over without it (aim ≤ 2).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_ARGS, RUNS_BUILT } from '../code-under-test.js';
import { figure, median, printFigure } from '../figure.js';
import { timedNode, type TimedRun } from './timed-run.js';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '5000' }, rounds: { type: 'string', default: '3' } },
});
const count = Number(values.rows);
const rounds = Number(values.rounds);
const GREETING = 'examples/batch/greeting';
const NAMES = ['Ana', 'José', 'Bartholomew', 'Zoë-Marie', 'Krzysztof', 'Nguyễn Thị Minh', 'Ólafur', 'Aleksandra'];

/** Rows `from`..`from + n - 1` of the greeting's columns; every 8th name is long enough to wrap its title. */
function rows(n: number, from = 0): string {
  const lines = ['firstName,city,company,offer,discount,validUntil'];
  for (let i = from; i < from + n; i++) {
    const name = `${NAMES[i % NAMES.length]}${i % 8 === 7 ? ' Papadopoulos-Richardson' : ''}`;
    lines.push(`${name},Lisbon,Acme,Pro plan ${i},0.${(i % 9) + 1},2027-01-10`);
  }
  return `${lines.join('\n')}\n`;
}

const dir = await mkdtemp(join(tmpdir(), 'vsynth-bench-measure-text-'));
try {
  const data = join(dir, 'rows.csv');
  const oneRow = join(dir, 'one-row.csv');
  await writeFile(data, rows(count));
  // The start-up run's one row is a long name, measured exactly: the fonts' tables are read once a process, in
  // both runs, so that one-time cost falls on start-up rather than on the rows.
  await writeFile(oneRow, rows(1, 7));
  const report = join(dir, 'time.txt');
  const dryRun = (csv: string, measure: boolean): Promise<TimedRun> =>
    timedNode(
      [
        ...CLI_ARGS,
        'batch',
        '--template',
        join(GREETING, 'modify.json'),
        '--slots-from',
        join(GREETING, 'video.tsx'),
        '--project-pool',
        'p1',
        '--data',
        csv,
        '--dry-run',
        '--events',
        'none',
        ...(measure ? [] : ['--no-measure-text']),
      ],
      report,
    );
  const perRow = (all: TimedRun, one: TimedRun) => ((all.cpuSeconds - one.cpuSeconds) * 1e6) / (count - 1);
  const measured: number[] = [];
  const plain: number[] = [];
  for (let r = 0; r < rounds; r++) {
    measured.push(perRow(await dryRun(data, true), await dryRun(oneRow, true)));
    plain.push(perRow(await dryRun(data, false), await dryRun(oneRow, false)));
    process.stderr.write(
      `round ${r + 1}: ${measured.at(-1)?.toFixed(0)} µs/row measuring, ${plain.at(-1)?.toFixed(0)} without\n`,
    );
  }
  const code = RUNS_BUILT ? 'built CLI' : 'CLI from the sources';
  const unit = `µs CPU/row, ${count.toLocaleString('en-US')} greeting rows on --slots-from, ${code} (baseline: --no-measure-text)`;
  printFigure(figure('dryRun.measureTextRatio', median(measured), unit, median(plain), '<=', 2));
} finally {
  await rm(dir, { recursive: true, force: true });
}
