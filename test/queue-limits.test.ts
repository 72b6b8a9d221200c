import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { ledger, readNdjson, sandboxEnv, spawnCli, testSandbox, type TestSandbox } from './batch-helpers.js';
import { WELCOME, settledRows, until, writeCustomers } from './queue-helpers.js';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

describe.skipIf(redisMissing !== undefined)(
  `queue limits and outages${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    let dir: string;
    let redis: TestRedis | undefined;
    let sandbox: TestSandbox | undefined;
    const workers: ReturnType<typeof spawnCli>[] = [];

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'vsynth-queue-limits-'));
    });
    afterEach(async () => {
      for (const worker of workers.splice(0))
        if (worker.exitCode === null && worker.signalCode === null) worker.kill('SIGKILL');
      await sandbox?.dispose();
      sandbox = undefined;
      await redis?.stop();
      redis = undefined;
    });
    afterAll(async () => {
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    const worker = (extra: readonly string[] = []) => {
      const child = spawnCli(
        ['worker', '--queue', redis!.url, '--concurrency', '4', '--events', 'jsonl', ...extra],
        sandboxEnv(sandbox!),
      );
      workers.push(child);
      return child;
    };

    it('3 workers hold one --rps 20 together', async () => {
      redis = await startRedis();
      sandbox = await testSandbox({ latencyMs: 20 });
      const data = await writeCustomers(dir, 90);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        redis.url,
        '--batch-id',
        'rps',
        '--rps',
        '20',
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      worker();
      worker();
      worker();
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        redis.url,
        '--batch-id',
        'rps',
        '--wait',
        '--json',
        '--interval',
        '0.5',
      ]);
      expect(status.code, status.stderr).toBe(0);
      const times = (await ledger(sandbox.url))
        .map((entry) => Date.parse((entry as unknown as { time: string }).time))
        .sort((a, b) => a - b);
      expect(times).toHaveLength(90);
      const perSecond = (times.length - 1) / ((times.at(-1)! - times[0]!) / 1000);
      expect(perSecond, `${perSecond.toFixed(1)} requests/s`).toBeLessThanOrEqual(22);
      // Every worker took part (the limit is shared, not one worker doing all the rows).
      for (const child of workers) expect(settledRows(child.output.stderr)).toBeGreaterThan(0);
    }, 90_000);

    it('a redis-server killed mid-batch and restarted from its append-only file: the batch completes, nothing lost or doubled', async () => {
      redis = await startRedis({ appendonly: true });
      sandbox = await testSandbox({ latencyMs: 20 });
      const data = await writeCustomers(dir, 100);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        redis.url,
        '--batch-id',
        'outage',
        '--rps',
        '25',
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      const first = worker(['--stalled-check', '5']);
      const second = worker(['--stalled-check', '5']);
      await until(
        'rows settled before the outage',
        () => settledRows(first.output.stderr) + settledRows(second.output.stderr) >= 25,
        60_000,
      );
      await redis.kill();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await redis.restart();
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        redis.url,
        '--batch-id',
        'outage',
        '--wait',
        '--json',
        '--interval',
        '0.5',
      ]);
      const final = JSON.parse(status.stdout.trim().split('\n').at(-1)!) as Record<string, unknown>;
      expect(final).toMatchObject({ rows: 100, finished: true, failed: 0 });
      expect(first.output.stderr + second.output.stderr).toContain('is unreachable');
      expect(first.exitCode).toBeNull(); // waited through the outage instead of crashing

      const out = join(dir, 'outage.ndjson');
      await runVsynth(['batch', 'results', '--queue', redis.url, '--batch-id', 'outage', '--out', out]);
      const results = await readNdjson(out);
      expect(results.map((result) => result['row'])).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
      // Each row's create carries its customer's name: no name accepted twice, every done row accepted once.
      const byName = new Map<string, number>();
      for (const entry of await ledger(sandbox.url))
        byName.set(String(entry.body['name']), (byName.get(String(entry.body['name'])) ?? 0) + 1);
      expect(Math.max(...byName.values())).toBe(1);
      for (const result of results) {
        const sent = byName.get(`Welcome Customer ${result['row'] as number}`) ?? 0;
        if (result['status'] === 'done') expect(sent, `row ${result['row']}`).toBe(1);
        else expect(result, `row ${result['row']}`).toMatchObject({ status: 'unknown' });
      }
    }, 120_000);
  },
);
