/**
 * Batch throughput against the sandbox with 20 ms injected latency: `runBatch` at concurrency 32
 * (32 base projects in the pool, journal fsync'd per entry, results file) versus a plain
 * one-at-a-time loop of `client.modifyProject` over the same rows. The sandbox runs as the real
 * CLI in a child process (`vsynth sandbox --latency 20 --no-fsync`), so client and service do not
 * share one event loop. Run from the repository root:
 *
 *   node --conditions=@vsynth/source --import tsx bench/templates/batch-throughput.ts [--rows N] [--sequential-rows N] [--latency MS] [--concurrency N] [--journal-write]
 *
 * Rows/s of the loop are measured over the first `--sequential-rows` rows (default 200; at ~45/s
 * the whole set would take minutes), of the batch over all `--rows` (default 2000).
 *
 * `--journal-write` skips the journal's per-entry fsync (`--durability write`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@vsynth/core';
import { iterableRows, runBatch } from '@vsynth/templates';
import { spawnSandbox } from '../spawn-sandbox.js';
import { greetingPool, greetingRows, greetingTemplate } from './greeting-batch.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => Number(args[args.indexOf(name) + 1] ?? 0) || fallback;
const count = option('--rows', 2000);
const sequentialCount = option('--sequential-rows', 200);
const latencyMs = option('--latency', 20);
const concurrency = option('--concurrency', 32);
const durability = args.includes('--journal-write') ? 'write' : 'fsync';

const dir = await mkdtemp(join(tmpdir(), 'vsynth-batch-bench-'));
const { url, child } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', String(latencyMs), '--no-fsync']);
try {
  const client = createClient({ baseUrl: url, apiKey: 'sandbox-key' });
  const { pool, slots } = await greetingPool(client, concurrency);
  const template = greetingTemplate(pool, slots);
  const rows = greetingRows(count);

  let start = performance.now();
  for (const [i, row] of rows.slice(0, sequentialCount).entries()) {
    const bound = template.bind(row, i + 1);
    if (!bound.ok) throw new Error('bind failed');
    await client.modifyProject(bound.request.body as never);
  }
  const sequential = sequentialCount / ((performance.now() - start) / 1000);

  start = performance.now();
  const summary = await runBatch({ rows: iterableRows(rows), template, client, concurrency, projectPool: pool, journal: join(dir, 'journal.ndjson'), journalDurability: durability, results: join(dir, 'results.csv') });
  const batched = count / ((performance.now() - start) / 1000);
  if (summary.done !== count) throw new Error(`only ${summary.done} of ${count} rows done`);

  process.stdout.write(
    `${JSON.stringify({ rows: count, sequentialRows: sequentialCount, latencyMs, concurrency, journal: durability, sequentialRowsPerSecond: Math.round(sequential), batchRowsPerSecond: Math.round(batched), speedup: Number((batched / sequential).toFixed(1)) })}\n`,
  );
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  await rm(dir, { recursive: true, force: true });
}
