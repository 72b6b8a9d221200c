/**
 * CPU per row of the batch runner beside a bare sender, same run: the sandbox (real CLI, child
 * process, `--latency 20 --no-fsync`) answers both; `runBatch` at concurrency 32 (32-project pool,
 * fsync journal, results file) and a bare loop posting the same pre-built modify bodies with the
 * same client at the same concurrency. Both are first warmed alike over `--warmup-rows` rows each
 * (alternating rounds of `--rows`): from a cold process the runner needs ~10,000 rows before V8 has
 * optimised its path, and a median over cold rounds counted the optimiser as the runner's CPU.
 * Rounds alternate so load drift hits both alike; the median round is reported, and each round's
 * figures go to stderr. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/batch-cpu.ts [--rows 1500] [--rounds 3] [--warmup-rows 6000] [--latency 20] [--concurrency 32] [--durability write]
 *
 * `--durability write` journals without fsync, to see the fsyncs' share (the figures are with fsync).
 *
 * - `batch.cpuPerRowRatio`: CPU µs per row of `runBatch` / of the bare sender (aim ≤ 2).
 * - `batch.boundShare`: rows/s of `runBatch` / concurrency ÷ latency (aim ≥ 0.85 on an idle machine).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@vsynth/core';
import { runBatch } from '@vsynth/batch';
import { iterableRows } from '@vsynth/templates';
import { spawnSandbox } from '../spawn-sandbox.js';
import { cpuMicros, figure, median, printFigure } from '../figure.js';
import { bareSender, boundBodies, greetingPool, greetingRows, greetingTemplate } from './greeting-batch.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1500' }, rounds: { type: 'string', default: '3' }, 'warmup-rows': { type: 'string', default: '6000' }, latency: { type: 'string', default: '20' }, concurrency: { type: 'string', default: '32' }, durability: { type: 'string', default: 'fsync' } } });
const count = Number(values.rows);
const rounds = Number(values.rounds);
const latencyMs = Number(values.latency);
const concurrency = Number(values.concurrency);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-batch-cpu-'));
const { url, child } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', String(latencyMs), '--no-fsync']);
try {
  const client = createClient({ baseUrl: url, apiKey: 'sandbox-key' });
  const { pool, slots } = await greetingPool(client, concurrency);
  const template = greetingTemplate(pool, slots);
  const rows = greetingRows(count);
  // The bare sender's bodies are bound before it starts: it measures the HTTP client alone.
  const bodies = boundBodies(template, rows, pool);

  const bare = bareSender(client, bodies, concurrency);
  let round = 0;
  const batch = async () => {
    round += 1;
    const summary = await runBatch({ rows: iterableRows(rows), template, client, concurrency, projectPool: pool, journal: join(dir, `journal-${round}.ndjson`), journalDurability: values.durability as 'fsync' | 'write', results: join(dir, `results-${round}.csv`), secrets: [] });
    if (summary.done !== count) throw new Error(`only ${summary.done} of ${count} rows done`);
  };

  // Both warmed at once, as nothing is measured yet: their rounds wait on the latency, not the CPU.
  for (let warmed = 0; warmed < Math.max(Number(values['warmup-rows']), 1); warmed += count) await Promise.all([bare(), batch()]);
  const bareRuns: { cpu: number; wallMs: number }[] = [];
  const batchRuns: { cpu: number; wallMs: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    bareRuns.push(await cpuMicros(bare));
    batchRuns.push(await cpuMicros(batch));
  }
  const perRow = (runs: { cpu: number }[]) => runs.map((r) => (r.cpu / count).toFixed(0)).join(', ');
  process.stderr.write(`µs CPU per row by round: bare ${perRow(bareRuns)}; batch ${perRow(batchRuns)}; batch rows/s ${batchRuns.map((r) => (count / (r.wallMs / 1000)).toFixed(0)).join(', ')}\n`);
  const bareCpu = median(bareRuns.map((r) => r.cpu / count));
  const batchCpu = median(batchRuns.map((r) => r.cpu / count));
  const batchRate = median(batchRuns.map((r) => count / (r.wallMs / 1000)));
  printFigure(figure('batch.cpuPerRowRatio', batchCpu, 'µs CPU/row (baseline: bare sender)', bareCpu, '<=', 2));
  printFigure(figure('batch.boundShare', batchRate, 'rows/s (baseline: concurrency/latency bound)', (concurrency * 1000) / latencyMs, '>=', 0.85));
  printFigure(figure('batch.bareSenderShare', median(bareRuns.map((r) => count / (r.wallMs / 1000))), 'rows/s of the bare sender (baseline: bound)', (concurrency * 1000) / latencyMs, '>=', 0.85));
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
}
