/**
 * Runs every benchmark, each in its own process, and prints one JSON line per figure
 * (`bench/figure.ts`), then one `{"run": …}` line: date, Node, cores, mode, the code measured,
 * seconds taken and the load average before and after. The short mode aims at under 3 minutes on
 * a 2-core machine. From the repository root:
 *
 *   npx --yes pnpm@10 build
 *   node --import tsx bench/run-all.ts [--full] [--only batch,dryRun] [--sources] [--docs docs/benchmarks.md]
 *
 * `--full` runs longer settings (the 1,000,000-row dry run, more rounds). `--only` takes groups:
 * batch, dryRun, compile, sandbox, studio, cli. `--docs FILE` rewrites the table between the
 * `<!-- run-all:begin -->` and `<!-- run-all:end -->` markers of FILE with this run's figures.
 * The benches measure the built packages when every `dist/` is newer than its sources, else the
 * sources through tsx (`--sources` forces them); see `bench/code-under-test.ts` and the README.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { builtIsCurrent, tsNodeArgs } from './code-under-test.js';
import type { Figure } from './figure.js';

const { values } = parseArgs({
  options: {
    full: { type: 'boolean', default: false },
    only: { type: 'string' },
    docs: { type: 'string' },
    sources: { type: 'boolean', default: false },
  },
});
const full = values.full;
const built = !values.sources && builtIsCurrent('packages');

interface Bench {
  readonly group: string;
  readonly script: string;
  readonly args: readonly string[];
}

const BENCHES: readonly Bench[] = [
  {
    group: 'batch',
    script: 'bench/batch/bound-share.ts',
    args: full
      ? ['--slow-rows', '1600', '--fast-rows', '8000', '--rounds', '3']
      : ['--slow-rows', '1600', '--fast-rows', '3200', '--rounds', '2'],
  },
  {
    group: 'dryRun',
    script: 'bench/dry-run/dry-run.ts',
    args: full ? ['--rows', '1000000', '--rounds', '3'] : ['--rows', '200000'],
  },
  {
    group: 'dryRun',
    script: 'bench/dry-run/schema-share.ts',
    args: full ? ['--rows', '10000', '--rounds', '9'] : ['--rows', '2000', '--rounds', '7'],
  },
  {
    group: 'dryRun',
    script: 'bench/dry-run/measure-text-share.ts',
    args: full ? ['--rows', '20000', '--rounds', '3'] : ['--rows', '3000', '--rounds', '1'],
  },
  {
    group: 'compile',
    script: 'bench/compile/compile-vs-zod.ts',
    args: full ? ['--videos', '200', '--rounds', '15', '--warmup', '15'] : [],
  },
  {
    group: 'sandbox',
    script: 'bench/sandbox/creates-per-second.ts',
    args: full ? ['--requests', '5000', '--rounds', '5'] : [],
  },
  { group: 'studio', script: 'bench/studio/save-to-version.ts', args: full ? ['--saves', '20'] : [] },
  { group: 'cli', script: 'bench/cli/compile-vs-node-startup.ts', args: full ? ['--runs', '20'] : [] },
  { group: 'cli', script: 'bench/cli/checks-cost.ts', args: full ? ['--runs', '10'] : ['--runs', '3'] },
];

const only = values.only?.split(',');
const unknown = only?.filter((group) => !BENCHES.some((b) => b.group === group)) ?? [];
if (unknown.length > 0)
  throw new Error(
    `--only: no group ${unknown.join(', ')}; the groups are ${[...new Set(BENCHES.map((b) => b.group))].join(', ')}`,
  );
const selected = BENCHES.filter((b) => only === undefined || only.includes(b.group));

/** Runs one bench; resolves with the figures it printed (a failure is reported on stderr). */
function run(bench: Bench): Promise<Figure[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...tsNodeArgs(built), bench.script, ...bench.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VSYNTH_BENCH_CODE: built ? 'built' : 'sources' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      process.stderr.write(chunk);
    });
    child.on('close', (code) => {
      const figures = stdout
        .split('\n')
        .filter((line) => line.startsWith('{"name"'))
        .map((line) => JSON.parse(line) as Figure);
      if (code !== 0) process.stderr.write(`run-all: ${bench.script} exited ${code}: ${failureExcerpt(stderr)}\n`);
      resolve(figures);
    });
  });
}

/** What a failed bench's stderr says failed: from its last error line (else its last lines), without stack frames. */
function failureExcerpt(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((line) => line.trim() !== '' && !/^\s+at /.test(line) && !/^Node\.js v/.test(line));
  const message = lines.findLastIndex((line) => /^\w*Error\b/.test(line));
  return (message >= 0 ? lines.slice(message, message + 3) : lines.slice(-3)).join(' | ');
}

const started = Date.now();
const loadBefore = loadavg();
const figures: Figure[] = [];
for (const bench of selected) {
  const benchStarted = Date.now();
  for (const f of await run(bench)) {
    figures.push(f);
    process.stdout.write(`${JSON.stringify(f)}\n`);
  }
  process.stderr.write(`run-all: ${bench.script} took ${((Date.now() - benchStarted) / 1000).toFixed(1)} s\n`);
}
const runInfo = {
  date: new Date().toISOString().slice(0, 16).replace('T', ' '),
  node: process.version,
  cpus: cpus().length,
  mode: full ? 'full' : 'short',
  code: built ? 'built' : 'sources',
  seconds: Math.round((Date.now() - started) / 1000),
  loadBefore: loadBefore.map((n) => Number(n.toFixed(1))),
  loadAfter: loadavg().map((n) => Number(n.toFixed(1))),
};
process.stdout.write(`${JSON.stringify({ run: runInfo })}\n`);

if (values.docs !== undefined) writeDocsTable(values.docs);

/** Replaces the text between the run-all markers of `file` with this run's line and figure table. */
function writeDocsTable(file: string): void {
  const BEGIN = '<!-- run-all:begin -->';
  const END = '<!-- run-all:end -->';
  const text = readFileSync(file, 'utf8');
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${file} has no ${BEGIN} … ${END} markers`);
  const { date, node, cpus: cores, mode, code, seconds, loadBefore, loadAfter } = runInfo;
  const load = `load average (1/5/15 min) ${loadBefore.join(' / ')} before, ${loadAfter.join(' / ')} after`;
  const table = [
    `${date} UTC, Node ${node}, ${cores} cores, ${mode} mode, ${code} code, ${seconds} s; ${load}.`,
    '',
    '| figure | value | unit | baseline | ratio | aim | holds |',
    '|---|---:|---|---:|---:|---|---|',
    ...figures.map((f) => {
      const cells = [f.name, f.value, f.unit, f.baseline ?? '–', f.ratio ?? '–', f.aim, f.holds ? 'yes' : '**no**'];
      return `| ${cells.join(' | ')} |`;
    }),
  ].join('\n');
  writeFileSync(file, `${text.slice(0, from + BEGIN.length)}\n${table}\n${text.slice(to)}`);
}
