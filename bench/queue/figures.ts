/**
 * Rows per second of a queued batch run by 1, 2 and 4 `vsynth worker` processes, beside the
 * single-process `vsynth batch` in the same run, against the sandbox (real CLI, child process,
 * `--latency 20 --no-fsync`) and a redis-server of its own. Every process runs at the same
 * `--concurrency` (default 2), so the service's latency is what bounds one process. Rows/s are
 * taken from the sandbox ledger (first to last accepted request of the run), and a batch is
 * enqueued once all its workers wait on the queue, so process start-up is not counted. Prints
 * `bench/figure.ts` lines:
 *
 *   node --conditions=@vsynth/source --import tsx bench/queue/figures.ts [--rows 120] [--concurrency 2] [--latency 20] [--full]
 *
 * - `queue.fourWorkersSpeedup`: rows/s of 4 workers / of 1 worker (aim ≥ 3).
 * - `queue.twoWorkersSpeedup`: rows/s of 2 workers / of 1 worker (aim ≥ 1.6).
 * - `queue.oneWorkerVsBatch`: rows/s of 1 worker / of the single-process batch (aim ≥ 0.6: the
 *   Redis round trips per row cost less than half the service's latency).
 * - `queue.workerCpuPerRow`: CPU ms the 4 workers spent per row from their first row on (Linux /proc);
 *   with two cores, 2000 / this is the most rows/s the workers can do on this machine at all.
 * - `queue.sandboxBusyWith4`: CPU seconds of the sandbox process per wall second during the
 *   4-worker run (Linux /proc). Near 1 the sandbox's own CPU, not its latency, bounds the run and
 *   no number of workers can go faster (aim ≤ 0.8 for the speedup figures to mean anything).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { connectRedis, readBatch } from '@vsynth/queue';
import { figure, printFigure } from '../figure.js';
import { spawnSandbox } from '../spawn-sandbox.js';
import { CLI_ARGS } from '../code-under-test.js';
import { welcomeBatchArgs, writeCustomers } from '../welcome-batch.js';
import { startRedis } from '../../test/redis-server.js';

const { values } = parseArgs({ options: { rows: { type: 'string' }, concurrency: { type: 'string', default: '2' }, latency: { type: 'string', default: '20' }, full: { type: 'boolean', default: false } } });
const rows = Number(values.rows ?? (values.full ? '600' : '120'));
const concurrency = values.concurrency;
const latency = values.latency;

const dir = await mkdtemp(join(tmpdir(), 'vsynth-queue-bench-'));
const redis = await startRedis();
const { url, child: sandbox } = await spawnSandbox(['--data-dir', join(dir, 'sandbox'), '--latency', latency, '--no-fsync', '--export-seconds', '0']);
const queue = redis.url;
const env = { ...process.env, VSYNTH_BASE_URL: url, VSYNTH_API_KEY: 'sandbox-key' };

try {
  const connection = await connectRedis(queue);
  const batch = await rowsPerSecond('batch', async (data) => {
    await run(welcomeBatchArgs(data, '--concurrency', concurrency, '--journal', join(dir, 'batch.journal.ndjson'), '--durability', 'write', '--events', 'none'));
  });
  const workers: Record<number, number> = {};
  const workerCpu: Record<number, number> = {};
  let sandboxBusy = 0;
  for (const count of [1, 2, 4]) {
    const cpuBefore = cpuSeconds(sandbox.pid);
    const wallBefore = performance.now();
    workers[count] = await rowsPerSecond(`w${count}`, async (data) => {
      const children = Array.from({ length: count }, () => start([...CLI_ARGS, 'worker', '--queue', queue, '--concurrency', concurrency]));
      try {
        // Rows are enqueued once every worker waits on the queue: a worker still starting (a cold
        // process is ~1 s of CPU here) would leave the first ones to run the batch alone.
        await workersWaiting(connection.redis, count);
        await run(welcomeBatchArgs(data, '--queue', queue, '--batch-id', `w${count}`));
        // CPU from the first settled row on: the workers' start-up is not a row's cost.
        let first: { cpu: number; settled: number } | undefined;
        for (;;) {
          const { status } = await readBatch(connection.redis, `w${count}`);
          const settled = status.done + status.failed + status.unknown;
          if (first === undefined && settled > 0) first = { cpu: children.reduce((sum, child) => sum + cpuSeconds(child.pid), 0), settled };
          if (status.finished) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        workerCpu[count] = first === undefined ? 0 : (children.reduce((sum, child) => sum + cpuSeconds(child.pid), 0) - first.cpu) / (rows - first.settled);
      } finally {
        for (const child of children) child.kill('SIGTERM');
        await Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
      }
    });
    sandboxBusy = (cpuSeconds(sandbox.pid) - cpuBefore) / ((performance.now() - wallBefore) / 1000);
  }
  await connection.close();
  const unit = `rows/s (${rows} rows, --concurrency ${concurrency} per process, ${latency} ms latency)`;
  printFigure(figure('queue.oneWorkerVsBatch', workers[1]!, unit, batch, '>=', 0.6));
  printFigure(figure('queue.twoWorkersSpeedup', workers[2]!, unit, workers[1]!, '>=', 1.6));
  printFigure(figure('queue.fourWorkersSpeedup', workers[4]!, unit, workers[1]!, '>=', 3));
  printFigure(figure('queue.workerCpuPerRow', workerCpu[4]! * 1000, 'ms CPU per row, 4 workers, from their first row on', null, '<=', 10));
  printFigure(figure('queue.sandboxBusyWith4', sandboxBusy, 'sandbox CPU s per wall s (4 workers, enqueue included)', null, '<=', 0.8));
} finally {
  sandbox.kill();
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
}

/** Runs one batch of `rows` fresh rows (names tagged with the run) and measures accepted rows/s from the ledger. */
async function rowsPerSecond(tag: string, work: (data: string) => Promise<void>): Promise<number> {
  const data = await writeCustomers(join(dir, `${tag}.csv`), rows, tag);
  await work(data);
  const response = await fetch(`${url}/sandbox/ledger`, { headers: { authorization: 'sandbox-key' } });
  const entries = ((await response.json()) as { entries: { time: string; body: { name?: string } }[] }).entries;
  const times = entries.filter((entry) => entry.body.name?.startsWith(`Welcome ${tag} customer `)).map((entry) => Date.parse(entry.time)).sort((a, b) => a - b);
  if (times.length !== rows) throw new Error(`${tag}: ${times.length} of ${rows} rows accepted`);
  return (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
}

/** Resolves once `count` Redis clients are blocked (BullMQ workers waiting for a job); rejects after 60 s. */
async function workersWaiting(redis: Awaited<ReturnType<typeof connectRedis>>['redis'], count: number): Promise<void> {
  const deadline = performance.now() + 60_000;
  for (;;) {
    const clients = (await redis.client('LIST')) as string;
    if (clients.split('\n').filter((line) => / flags=b /.test(line)).length >= count) return;
    if (performance.now() > deadline) throw new Error(`${count} workers did not all wait on the queue within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function start(args: readonly string[]): ChildProcess {
  return spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

function run(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.slice(4, 6).join(' ')} exited with ${code}`))));
  });
}

/** User + system CPU seconds of a process so far (Linux; 0 elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}
