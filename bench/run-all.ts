/**
 * Runs the repository's benchmarks in a short mode (aim: under 3 minutes in all; 122–141 s on
 * the project's machine until 2026-11-25; on the slower one of 2026-11-27, 180–204 s from the
 * sources and 167–195 s built, 148–182 s built with the shorter export and store-growth runs)
 * and prints one JSON line per figure — `{"name", "value", "unit", "baseline", "ratio", "aim",
 * "holds"}`, see `bench/figure.ts` — then one `{"run": …}` line with
 * the machine's load (os.loadavg before and after), Node version, the code measured and the
 * duration. Each bench runs in its own process. Run from the repository root:
 *
 *   npx --yes pnpm@10 build
 *   node --conditions=@vsynth/source --import tsx bench/run-all.ts [--full] [--only batch,dryRun] [--docs docs/benchmarks.md] [--sources]
 *
 * `--full` runs the longer settings (the 1,000,000-row dry run, more rounds). `--docs FILE`
 * rewrites the table between the `run-all` markers of FILE with this run's figures and load.
 * The benches run the built packages (`npx pnpm@10 build`) when every `dist/` is newer than its
 * sources, else the sources through tsx (`bench/code-under-test.ts`; `--sources` forces them),
 * and the `run` line says which. From the sources each of the ~40 processes the benches start
 * takes ~0.4 s more to start, and the dry-run memory figure counts tsx (its unit says so).
 * Benches of other areas (studio, import, queue, startup) are run too when they provide a
 * `figures.ts` printing figure lines.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { builtIsCurrent, tsNodeArgs } from './code-under-test.js';
import type { Figure } from './figure.js';

const { values } = parseArgs({ options: { full: { type: 'boolean', default: false }, only: { type: 'string' }, docs: { type: 'string' }, sources: { type: 'boolean', default: false } } });
const full = values.full;
const built = !values.sources && builtIsCurrent('packages');

interface Bench {
  readonly group: string;
  readonly script: string;
  readonly args: readonly string[];
}

const BENCHES: readonly Bench[] = [
  { group: 'batch', script: 'bench/templates/batch-cpu.ts', args: full ? ['--rows', '4000', '--rounds', '5'] : ['--rows', '2000', '--rounds', '5'] },
  { group: 'batch', script: 'bench/templates/batch-own-cpu.ts', args: full ? [] : ['--rows', '2000'] },
  { group: 'batch', script: 'bench/templates/webhook-batch-cpu.ts', args: full ? ['--rows', '3000', '--rounds', '3'] : ['--rows', '2000', '--rounds', '2'] },
  { group: 'webhook', script: 'bench/webhook/listener-cpu.ts', args: full ? [] : ['--deliveries', '2000', '--rounds', '3'] },
  { group: 'journal', script: 'bench/templates/journal-commit.ts', args: full ? ['--rows', '3000'] : ['--rows', '800'] },
  { group: 'dryRun', script: 'bench/templates/dry-run-cpu.ts', args: full ? ['--rows', '100000', '--rounds', '5'] : ['--rows', '20000', '--rounds', '3'] },
  { group: 'dryRun', script: 'bench/templates/dry-run-memory.ts', args: ['--figure', '--rows', full ? '1000000' : '200000', ...(built ? ['--built'] : [])] },
  { group: 'sandbox', script: 'bench/sandbox/create-vs-bare.ts', args: full ? ['--requests', '3000', '--rounds', '5'] : ['--requests', '1200', '--rounds', '3'] },
  { group: 'sandbox', script: 'bench/sandbox/modify-cpu.ts', args: full ? [] : ['--rows', '800', '--rounds', '3'] },
  { group: 'sandbox', script: 'bench/sandbox/store-growth.ts', args: full ? [] : ['--creates', '8000', '--rounds', '3'] },
  { group: 'sandbox', script: 'bench/sandbox/export-batch.ts', args: full ? ['--rows', '6000', '--rounds', '3'] : ['--rows', '1200', '--rounds', '2'] },
  { group: 'validate', script: 'bench/validate/check-request-speed.ts', args: ['--figure', ...(full ? [] : ['--rounds', '7'])] },
  { group: 'compile', script: 'bench/compile/compile-bench.tsx', args: ['--figure', ...(full ? [] : ['--scenes', '200', '--small', '300', '--rounds', '15'])] },
  { group: 'queue', script: 'bench/queue/worker-cpu.ts', args: full ? ['--rounds', '3'] : ['--rows', '2000'] },
  // Other areas' benches, when present: each prints figure lines.
  ...['studio', 'import', 'queue', 'startup'].map((group) => ({ group, script: `bench/${group}/figures.ts`, args: full ? ['--full'] : [] })),
];

const only = values.only?.split(',');
const selected = BENCHES.filter((b) => existsSync(b.script) && (only === undefined || only.includes(b.group)));

function run(bench: Bench): Promise<Figure[]> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...tsNodeArgs(built), bench.script, ...bench.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VSYNTH_BENCH_CODE: built ? 'built' : 'sources' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
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

/** What a failed bench's stderr says failed: from its last error message line (else its last lines), without stack frames and blank lines. */
function failureExcerpt(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line.trim() !== '' && !/^\s+at /.test(line) && !/^Node\.js v/.test(line));
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

if (values.docs !== undefined) {
  const BEGIN = '<!-- run-all:begin -->';
  const END = '<!-- run-all:end -->';
  const text = readFileSync(values.docs, 'utf8');
  const from = text.indexOf(BEGIN);
  const to = text.indexOf(END);
  if (from < 0 || to < from) throw new Error(`${values.docs} has no ${BEGIN} … ${END} markers`);
  const table = [
    `${runInfo.date} UTC, Node ${runInfo.node}, ${runInfo.cpus} cores, ${runInfo.mode} mode, ${runInfo.code} code, ${runInfo.seconds} s; load average (1/5/15 min) ${runInfo.loadBefore.join(' / ')} before, ${runInfo.loadAfter.join(' / ')} after.`,
    '',
    '| figure | value | unit | baseline | ratio | aim | holds |',
    '|---|---:|---|---:|---:|---|---|',
    ...figures.map((f) => `| ${f.name} | ${f.value} | ${f.unit} | ${f.baseline ?? '–'} | ${f.ratio ?? '–'} | ${f.aim} | ${f.holds ? 'yes' : '**no**'} |`),
  ].join('\n');
  writeFileSync(values.docs, `${text.slice(0, from + BEGIN.length)}\n${table}\n${text.slice(to)}`);
}
