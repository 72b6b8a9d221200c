import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, redisPersistence } from '@vsynth/queue';
import { ledger, sandboxEnv, spawnCli, testSandbox, type TestSandbox } from './batch-helpers.js';
import { WELCOME, settledRows, until, writeCustomers } from './queue-helpers.js';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

describe.skipIf(redisMissing !== undefined)(
  `vsynth batch --queue on a Redis without persistence${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    let redis: TestRedis | undefined;
    let dir: string | undefined;
    let sandbox: TestSandbox | undefined;
    const children: ReturnType<typeof spawnCli>[] = [];
    beforeAll(async () => {
      // redis-server --save '' --appendonly no: a restart empties it.
      redis = await startRedis({ appendonly: false });
      dir = await mkdtemp(join(tmpdir(), 'vsynth-queue-volatile-'));
    });
    afterEach(async () => {
      for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
      await sandbox?.dispose();
      sandbox = undefined;
    });
    afterAll(async () => {
      await redis?.stop();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('redisPersistence tells an append-only file from snapshots and from nothing', async () => {
      const connection = await connectRedis(redis!.url);
      try {
        expect(await redisPersistence(connection.redis)).toMatchObject({
          durable: false,
          detail: expect.stringContaining('a restart empties it'),
        });
        await connection.redis.config('SET', 'save', '3600 1');
        expect(await redisPersistence(connection.redis)).toEqual({
          durable: false,
          detail:
            'it only saves snapshots (appendonly no, save "3600 1"): a restart loses what was written after the last one',
        });
        await connection.redis.config('SET', 'appendonly', 'yes');
        expect(await redisPersistence(connection.redis)).toMatchObject({ durable: true });
      } finally {
        await connection.redis.config('SET', 'appendonly', 'no');
        await connection.redis.config('SET', 'save', '');
        await connection.close();
      }
    });

    it('is refused unless --allow-volatile-redis; a worker that finds the batch gone after a restart stops saying what it knew', async () => {
      sandbox = await testSandbox({ latencyMs: 250 });
      const data = await writeCustomers(dir!, 8);
      const args = ['batch', '--template', WELCOME, '--data', data, '--queue', redis!.url, '--batch-id', 'vol'];
      const refused = await runVsynth(args);
      expect(refused.stderr).toBe(
        `vsynth: The Redis at ${redis!.url} would lose the batch on a restart: it keeps nothing on disk (appendonly no, save ""): a restart empties it. Turn on its append-only file (appendonly yes in redis.conf, or CONFIG SET appendonly yes), or pass --allow-volatile-redis to enqueue anyway.\n`,
      );
      expect(refused.code).toBe(2);
      const enqueued = await runVsynth([...args, '--allow-volatile-redis']);
      expect(enqueued.code, enqueued.stderr).toBe(0);
      expect(enqueued.stderr).toContain(
        `vsynth: warning: The Redis at ${redis!.url} would lose the batch on a restart: it keeps nothing on disk (appendonly no, save ""): a restart empties it. Enqueued anyway (--allow-volatile-redis).\n`,
      );

      const worker = spawnCli(['worker', '--queue', redis!.url, '--concurrency', '1', '--events', 'jsonl'], {
        ...sandboxEnv(sandbox),
      });
      children.push(worker);
      await until('two rows settled', () => settledRows(worker.output.stderr) >= 2, 30_000);
      await redis!.kill();
      await redis!.restart();
      expect(await worker.exited).toBe(6);
      const settled = settledRows(worker.output.stderr);
      expect(worker.output.stderr).toMatch(
        new RegExp(
          `vsynth: Redis came back without batch vol \\(its settings, rows and queued jobs are gone: the server restarted without persistence, or the keys were removed\\)\\. Last known: 8 rows, 8 enqueued; this worker settled ${settled} \\(${settled} done, 0 failed, 0 unknown\\) and had [01] in flight\\. Rows done were accepted and charged: enqueueing the batch again would send them again, so check the service's project list first\\. The worker stopped after ${settled} rows?\\.\\n$`,
        ),
      );
      expect(worker.output.stderr).not.toContain('continuing');
      // A row in flight at the loss may have recorded into the emptied Redis: such keys expire, none is a batch.
      const connection = await connectRedis(redis!.url);
      try {
        expect(await connection.redis.get('vsynth:batch:vol:settings')).toBe(null);
        for (const key of await connection.redis.keys('vsynth:batch:vol:*'))
          expect(await connection.redis.ttl(key)).toBeGreaterThan(0);
      } finally {
        await connection.close();
      }
      // Nothing was sent twice, and nothing after the loss was noticed.
      const names = (await ledger(sandbox.url)).map((entry) => String(entry.body['name']));
      expect(new Set(names).size).toBe(names.length);
      expect(names.length).toBeGreaterThanOrEqual(settled);
      expect(names.length).toBeLessThanOrEqual(settled + 1);
    }, 90_000);
  },
);
