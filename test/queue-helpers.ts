/**
 * Helpers of the queue tests: a data file of N create rows, the queued batch's CLI commands, and
 * reading which rows reached the sandbox (by the correlation id in each request's webhook address),
 * and the redis-server / sandbox / workers fixture of a queue describe block.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CORRELATION_ID_PARAM } from '@vsynth/core';
import { ROOT, ledger, sandboxEnv, spawnCli, type LedgerEntry, type TestSandbox } from './batch-helpers.js';
import { startRedis, type TestRedis } from './redis-server.js';

export const WELCOME = join(ROOT, 'examples/batch/create-per-row/welcome.tsx');

/** Writes `rows` customer rows (name, plan, seats) for the welcome create template. */
export async function writeCustomers(dir: string, rows: number): Promise<string> {
  const path = join(dir, `customers-${rows}.csv`);
  const lines = ['name,plan,seats'];
  for (let row = 1; row <= rows; row++)
    lines.push(`Customer ${row},${row % 2 === 0 ? 'Pro' : 'Team'},${(row % 9) + 1}`);
  await writeFile(path, `${lines.join('\n')}\n`);
  return path;
}

/** Accepted create requests of a batch per row (from the correlation id `<batch>.<row>`), with their cubes. */
export async function createsByRow(
  url: string,
  batchId: string,
): Promise<{ counts: Map<number, number>; cubes: number; entries: LedgerEntry[] }> {
  const entries = (await ledger(url)).filter((entry) => entry.endpoint === 'POST /api/odin/v3/editor/project');
  const counts = new Map<number, number>();
  let cubes = 0;
  for (const entry of entries) {
    const cid =
      entry.body.webhookUrl === undefined
        ? undefined
        : new URL(entry.body.webhookUrl).searchParams.get(CORRELATION_ID_PARAM);
    if (cid === null || cid === undefined || !cid.startsWith(`${batchId}.`)) continue;
    const row = Number(cid.slice(batchId.length + 1));
    counts.set(row, (counts.get(row) ?? 0) + 1);
    cubes += entry.cubes;
  }
  return { counts, cubes, entries };
}

/** Resolves once `predicate` holds for the text, or rejects after `ms`. */
export async function until(what: string, predicate: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Rows a worker's `--events jsonl` stderr says it settled. */
export function settledRows(stderr: string): number {
  return stderr.split('\n').filter((line) => line.startsWith('{"type":"row"')).length;
}

type SpawnedCli = ReturnType<typeof spawnCli>;

/** The redis-server, temp dir, sandbox and workers of one queue describe block (see `useQueueFixture`). */
export interface QueueFixture {
  /** Started before the block's tests, stopped after them. */
  readonly redis: TestRedis;
  /** A temp dir for data and result files, removed after the block. */
  readonly dir: string;
  /** The current test's sandbox: set it in the test; disposed after each test. */
  sandbox: TestSandbox | undefined;
  /**
   * Spawns `vsynth worker --queue <redis> <workerArgs> <extra>` against the sandbox; SIGKILLed after the test if still
   * running.
   */
  worker(extra?: readonly string[]): SpawnedCli;
  /** Kills `child` after the test too, if still running; returns it. */
  track(child: SpawnedCli): SpawnedCli;
}

/**
 * Registers the hooks of a queue describe block (call it inside the `describe`): a real
 * redis-server and temp dir for the block; after each test, live workers SIGKILLed and the
 * sandbox disposed.
 *
 * @example
 * const fixture = useQueueFixture('vsynth-queue-', ['--concurrency', '2', '--events', 'jsonl']);
 * it('...', async () => { fixture.sandbox = await testSandbox(); fixture.worker(); });
 */
export function useQueueFixture(
  tmpPrefix: string,
  workerArgs: readonly string[],
  workerEnv: Record<string, string> = {},
): QueueFixture {
  const children: SpawnedCli[] = [];
  let redis: TestRedis | undefined;
  let dir: string | undefined;
  const fixture: QueueFixture = {
    get redis() {
      if (redis === undefined) throw new Error('redis-server is not started yet (use the fixture inside a test)');
      return redis;
    },
    get dir() {
      if (dir === undefined) throw new Error('the temp dir is not made yet (use the fixture inside a test)');
      return dir;
    },
    sandbox: undefined,
    worker: (extra = []) =>
      fixture.track(
        spawnCli(['worker', '--queue', fixture.redis.url, ...workerArgs, ...extra], {
          ...sandboxEnv(fixture.sandbox!),
          ...workerEnv,
        }),
      ),
    track: (child) => {
      children.push(child);
      return child;
    },
  };
  beforeAll(async () => {
    redis = await startRedis();
    dir = await mkdtemp(join(tmpdir(), tmpPrefix));
  });
  afterEach(async () => {
    for (const child of children.splice(0))
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fixture.sandbox?.dispose();
    fixture.sandbox = undefined;
  });
  afterAll(async () => {
    await redis?.stop();
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });
  return fixture;
}
