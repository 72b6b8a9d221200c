/**
 * Peak memory (max RSS) of `vsynth batch --dry-run` over a 1,000,000-row CSV with a results file.
 * The CSV is generated into a temporary directory (removed afterwards); the dry run is the real
 * CLI in a child process, measured with `/usr/bin/time -f %M`. Run from the repository root:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/dry-run-memory.ts [--rows N] [--built] [--figure]
 *
 * `--built` (or `VSYNTH_BENCH_CODE=built`, `bench/code-under-test.ts`) runs the built CLI
 * (`node packages/cli/bin/vsynth.js`, after `npx pnpm@10 build`) instead of the sources through
 * tsx; `--figure` prints a `bench/figure.ts` line (`dryRun.peakRssMB`, aim < 150 MB) instead of
 * the summary.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FIVE_FIELD_MODIFY } from './five-field-template.js';
import { writeFiveFieldCsv } from './five-field-rows.js';
import { cliArgs, RUNS_BUILT } from '../code-under-test.js';
import { figure, printFigure } from '../figure.js';

const args = process.argv.slice(2);
const count = (args.includes('--rows') ? Number(args[args.indexOf('--rows') + 1]) : 0) || 1_000_000;
const built = args.includes('--built') || RUNS_BUILT;
const cli = cliArgs(built);
const dir = await mkdtemp(join(tmpdir(), 'vsynth-dry-run-bench-'));
try {
  const data = join(dir, 'rows.csv');
  await writeFiveFieldCsv(data, count);
  const template = join(dir, 'modify.json');
  await writeFile(template, JSON.stringify(FIVE_FIELD_MODIFY));
  const start = performance.now();
  const child = spawn(
    '/usr/bin/time',
    ['-f', '%M', process.execPath, ...cli, 'batch', '--template', template, '--data', data, '--dry-run', '--events', 'none', '--out', join(dir, 'results.csv')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  const seconds = (performance.now() - start) / 1000;
  const maxRssKb = Number(stderr.trim().split('\n').pop());
  const summary = JSON.parse(stdout) as { ok: number; failed: number; cubes: number };
  if (summary.ok !== count) throw new Error(`${count - summary.ok} rows failed: ${stderr.slice(0, 500)}`);
  if (args.includes('--figure')) printFigure(figure('dryRun.peakRssMB', maxRssKb / 1024, `MB peak RSS, ${count.toLocaleString('en-US')} rows, ${built ? 'built' : 'source'} CLI`, null, '<', 150));
  else process.stdout.write(
    `${JSON.stringify({ rows: count, exit: code, ok: summary.ok, failed: summary.failed, cubes: summary.cubes, seconds: Number(seconds.toFixed(1)), peakRssMB: Math.round(maxRssKb / 1024) })}\n`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
