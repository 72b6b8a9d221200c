/**
 * The batch runner's OWN CPU per row, without HTTP: `runBatch` (c=32, 32-project pool, fsync
 * journal, CSV results file) and a bare loop at the same concurrency both call an in-process
 * stand-in client that answers each modify after `--latency` ms (a timer, no sockets, no
 * validation). What `runBatch` costs beyond the bare loop is its own work per row: binding,
 * cube estimate, row key, journal lines and group commit, results row, limiter, pool, events,
 * promises. Rounds alternate; medians are reported. Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/batch-own-cpu.ts [--rows 4000] [--rounds 3] [--warmup-rows 8000] [--latency 20] [--concurrency 32] [--secret]
 *
 * - `batch.ownCpuPerRow`: CPU µs per row of `runBatch` minus the bare loop's (value; baseline:
 *   the bare loop's µs per row).
 * `--durability write` journals without fsync (its share of the figure). `--secret` passes one configured secret (as the CLI does with VSYNTH_API_KEY set), so the
 * per-row redaction runs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runBatch, type BatchClient } from '@vsynth/batch';
import { iterableRows } from '@vsynth/templates';
import { cpuMicros, figure, median, printFigure } from '../figure.js';
import { bareSender, boundBodies, greetingPool, greetingRows, greetingTemplate } from './greeting-batch.js';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '4000' },
    rounds: { type: 'string', default: '3' },
    'warmup-rows': { type: 'string', default: '8000' },
    latency: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '32' },
    secret: { type: 'boolean', default: false },
    durability: { type: 'string', default: 'fsync' },
  },
});
const count = Number(values.rows);
const rounds = Number(values.rounds);
const latencyMs = Number(values.latency);
const concurrency = Number(values.concurrency);

const answer = (projectId: string) => new Promise<{ projectId: string }>((resolve) => setTimeout(() => resolve({ projectId }), latencyMs));
const client = {
  modifyProject: (body: { projectId: string }) => answer(`${body.projectId}-v`),
  createProject: () => answer('p-new'),
  createLegacyProject: () => Promise.reject(new Error('not used')),
} as unknown as BatchClient;

const dir = await mkdtemp(join(tmpdir(), 'vsynth-batch-own-'));
try {
  const { pool, slots } = await greetingPool(undefined, concurrency);
  const template = greetingTemplate(pool, slots);
  const rows = greetingRows(count);
  const bodies = boundBodies(template, rows, pool);
  const bare = bareSender(client, bodies, concurrency);
  let round = 0;
  const secrets = values.secret ? ['sk-bench-secret-0123456789'] : [];
  const batch = async () => {
    round += 1;
    const summary = await runBatch({ rows: iterableRows(rows), template, client, concurrency, projectPool: pool, journal: join(dir, `journal-${round}.ndjson`), journalDurability: values.durability as 'fsync' | 'write', results: join(dir, `results-${round}.csv`), secrets, onEvent: () => {} });
    if (summary.done !== count) throw new Error(`only ${summary.done} of ${count} rows done`);
  };
  // Warm-up over 8,000 rows or more: after 4,000 the next rounds of 2,000 still fell from 60–126 to
  // 33–45 µs/row, so the median was a half-warm round. Both at once, as nothing is measured yet:
  // their rounds wait on the stand-in's latency, not the CPU.
  for (let warmed = 0; warmed < Math.max(Number(values['warmup-rows']), count); warmed += count) await Promise.all([bare(), batch()]);
  const bareRuns: number[] = [];
  const batchRuns: number[] = [];
  for (let r = 0; r < rounds; r++) {
    bareRuns.push((await cpuMicros(bare)).cpu / count);
    batchRuns.push((await cpuMicros(batch)).cpu / count);
  }
  const bareCpu = median(bareRuns);
  const own = median(batchRuns.map((cpu, i) => cpu - bareRuns[i]!));
  printFigure(figure('batch.ownCpuPerRow', own, 'µs CPU/row of runBatch beyond a bare loop (baseline: the bare loop)', null, '<=', 60));
  process.stderr.write(`bare loop ${bareCpu.toFixed(1)} µs/row; runBatch rounds ${batchRuns.map((x) => x.toFixed(1)).join(', ')} µs/row\n`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
