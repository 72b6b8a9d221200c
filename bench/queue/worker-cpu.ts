/**
 * CPU per row of one `vsynth worker` beside the single-process `vsynth batch` over the same rows,
 * same run: both at `--concurrency 32` against the sandbox (real CLI, child process, `--latency 20
 * --no-fsync --export-seconds 0 --artifact json`) and a redis-server of its own. The worker's CPU
 * is counted from its first settled row to the batch's end (Linux /proc, 10 ms ticks), so its
 * start-up is not; the batch's is its CPU once exited less that of the same batch over one row.
 * Prints `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/queue/worker-cpu.ts [--rows 3000] [--rounds 1]
 *
 * - `queue.workerCpuPerRowVsBatch`: µs CPU per row of the worker / of the batch (median rounds).
 *   Aim ≤ 1.2: 1.28–1.29 while each row record went through `multi()` (a pipeline object per
 *   record that copied every script BullMQ defines) and each result line sent its script's text;
 *   1.00–1.04 with those two run by SHA; 0.87 with the pacer's slot (taken for every row) too.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectRedis, readBatch } from '@vsynth/queue';
import { figure, median, printFigure } from '../figure.js';
import { exitedChildrenCpuMicros, tickCpuMicros } from '../sandbox/server-cpu.js';
import { spawnSandbox } from '../spawn-sandbox.js';
import { CLI_ARGS } from '../code-under-test.js';
import { welcomeBatchArgs, writeCustomers } from '../welcome-batch.js';
import { startRedis } from '../../test/redis-server.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '3000' }, rounds: { type: 'string', default: '1' } } });
const rows = Number(values.rows);
const rounds = Number(values.rounds);

const dir = await mkdtemp(join(tmpdir(), 'vsynth-worker-cpu-'));
const redis = await startRedis();
const { url, child: sandbox } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', '20', '--no-fsync', '--export-seconds', '0', '--artifact', 'json']);
const queue = redis.url;
const env = { ...process.env, VSYNTH_BASE_URL: url, VSYNTH_API_KEY: 'sandbox-key' };

try {
  const connection = await connectRedis(queue);
  const worker: number[] = [];
  const batch: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const data = await writeCustomers(join(dir, `r${round}.csv`), rows, `r${round}`);
    const one = await writeCustomers(join(dir, `r${round}-one.csv`), 1, `r${round}-one`);
    worker.push(await workerCpuPerRow(connection.redis, data, `r${round}`));
    const whole = await exitedCpu(welcomeBatchArgs(data, '--concurrency', '32', '--journal', join(dir, `r${round}.journal`), '--durability', 'write', '--events', 'none'));
    const startUp = await exitedCpu(welcomeBatchArgs(one, '--concurrency', '32', '--journal', join(dir, `r${round}-one.journal`), '--durability', 'write', '--events', 'none'));
    batch.push((whole - startUp) / (rows - 1));
    process.stderr.write(`round ${round + 1}: µs CPU per row: worker ${worker.at(-1)!.toFixed(0)}, batch ${batch.at(-1)!.toFixed(0)}\n`);
  }
  await connection.close();
  printFigure(figure('queue.workerCpuPerRowVsBatch', median(worker), `µs CPU per row of one vsynth worker, ${rows} rows at --concurrency 32 (baseline: vsynth batch, the same)`, median(batch), '<=', 1.2));
} finally {
  sandbox.kill();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
}

/** Starts a worker, enqueues the rows once it waits on the queue, and measures its CPU per row from the first settled row on. */
async function workerCpuPerRow(redisClient: Awaited<ReturnType<typeof connectRedis>>['redis'], data: string, batchId: string): Promise<number> {
  const child = spawn(process.execPath, [...CLI_ARGS, 'worker', '--queue', queue, '--concurrency', '32'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (const deadline = performance.now() + 60_000; ; ) {
      const clients = (await redisClient.client('LIST')) as string;
      if (clients.split('\n').some((line) => / flags=b /.test(line))) break;
      if (performance.now() > deadline) throw new Error('the worker did not wait on the queue within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await exitedCpu(welcomeBatchArgs(data, '--queue', queue, '--batch-id', batchId));
    let first: { cpu: number; settled: number } | undefined;
    for (;;) {
      const { status } = await readBatch(redisClient, batchId);
      const settled = status.done + status.failed + status.unknown;
      if (first === undefined && settled > 0) first = { cpu: tickCpuMicros(child.pid!), settled };
      if (status.finished) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (first === undefined) throw new Error('no row settled');
    return (tickCpuMicros(child.pid!) - first.cpu) / (rows - first.settled);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** Runs a CLI command to its end; its user + system CPU µs (this process's waited-for children). */
async function exitedCpu(args: readonly string[]): Promise<number> {
  const before = exitedChildrenCpuMicros();
  const code = await new Promise<number | null>((resolve) => spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] }).once('exit', resolve));
  if (code !== 0) throw new Error(`${args.slice(4, 6).join(' ')} exited with ${code}`);
  return exitedChildrenCpuMicros() - before;
}
