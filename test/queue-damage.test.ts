import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile } from '@vsynth/jsx-runtime';
import { connectRedis, enqueueBatch, readBatch, rowJobId } from '@vsynth/queue';
import { GREETING, ledger, testSandbox } from './batch-helpers.js';
import { settledRows, until, useQueueFixture } from './queue-helpers.js';
import { redisMissing } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

describe.skipIf(redisMissing !== undefined)(
  `a queued batch damaged in Redis${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    const fixture = useQueueFixture('vsynth-queue-damage-', ['--concurrency', '2', '--events', 'jsonl']);

    it('settles the rows of each kind of damaged key with the reason, sends none of them, and status exits 3', async () => {
      fixture.sandbox = await testSandbox();
      const { payload } = await compileFile(join(GREETING, 'video.tsx'));
      const connection = await connectRedis(fixture.redis.url);
      const { redis } = connection;
      try {
        for (const batchId of ['s1', 's2', 'r', 'j']) {
          const jobs = [1, 2].map((row) => ({
            batchId,
            row,
            rowKey: `k${row}`,
            kind: 'create' as const,
            body: payload as Record<string, unknown>,
            cubes: 2,
          }));
          const settings = { batchId, template: 't', kind: 'create' as const, rows: 2, queued: 2, created: 'now' };
          await enqueueBatch({ redis, settings, jobs, invalid: [] });
        }
        await redis.set('vsynth:batch:s1:settings', '{oops');
        const s2 = JSON.parse((await redis.get('vsynth:batch:s2:settings'))!) as Record<string, unknown>;
        await redis.set('vsynth:batch:s2:settings', JSON.stringify({ ...s2, maxCubes: 'abc' }));
        await redis.hset('vsynth:batch:r:rows', '2', 'not json');
        await redis.hset(`bull:vsynth-rows:${rowJobId('j', 1, 'k1')}`, 'data', 'garbage{');
        const forged = {
          batchId: 'j',
          row: 'x',
          rowKey: '=HYPERLINK("x")',
          kind: 'create',
          body: '<script>',
          cubes: 1,
        };
        await redis.hset(`bull:vsynth-rows:${rowJobId('j', 2, 'k2')}`, 'data', JSON.stringify(forged));

        const worker = fixture.worker();
        await until('the worker to settle the 8 rows', () => settledRows(worker.output.stderr) >= 8, 30_000);
        expect(worker.output.stderr).toContain(
          'vsynth: queue: Batch s1 is damaged in Redis: vsynth:batch:s1:settings is not JSON ("{oops"). Row 1 is failed (damaged).\n',
        );
        expect(worker.output.stderr).toContain(
          'vsynth: queue: Batch s2 is damaged in Redis: vsynth:batch:s2:settings is not a batch settings (maxCubes: expected number, received string). Row 2 is failed (damaged).\n',
        );
        expect(worker.output.stderr).toContain(
          'vsynth: queue: Batch r is damaged in Redis: vsynth:batch:r:rows row 2 is not JSON ("not json"). Row 2 is unknown (damaged).\n',
        );
        expect(worker.output.stderr).toContain(
          `vsynth: queue: Batch j is damaged in Redis: the job ${rowJobId('j', 1, 'k1')} holds data that is not JSON ("garbage{"). Row 1 is failed (damaged).\n`,
        );
        expect(worker.output.stderr).toContain(
          `vsynth: queue: Batch j is damaged in Redis: the job ${rowJobId('j', 2, 'k2')} holds no row of a batch (row: expected number, received string). Row 2 is failed (damaged).\n`,
        );
        // Only the undamaged row was sent.
        const creates = (await ledger(fixture.sandbox.url)).filter(
          (e) => e.endpoint === 'POST /api/odin/v3/editor/project',
        );
        expect(creates.map((e) => e.body['name'])).toEqual(['Personal greeting']);

        const { status, results } = await readBatch(redis, 'r');
        expect(status).toMatchObject({ done: 1, unknown: 1, finished: true });
        expect(results[1]).toMatchObject({ row: 2, rowKey: 'k2', status: 'unknown', reason: 'damaged' });
        // A result another program changed is named, not written to a results file.
        await redis.hset('vsynth:batch:r:results', '1', '{"row":1,"status":"done"}');
        await expect(readBatch(redis, 'r')).rejects.toThrow(
          'Batch r is damaged in Redis: vsynth:batch:r:results row 1 is not a row result (rowKey: expected string, received undefined).',
        );
      } finally {
        await connection.close();
      }

      const place = (batchId: string) => ['--queue', fixture.redis.url, '--batch-id', batchId];
      const s1 = await runVsynth(['batch', 'status', ...place('s1')]);
      expect(s1.stderr).toBe('vsynth: Batch s1 is damaged in Redis: vsynth:batch:s1:settings is not JSON ("{oops").\n');
      expect(s1.code).toBe(3);
      const out = join(fixture.dir, 'j.csv');
      const j = await runVsynth(['batch', 'results', ...place('j'), '--out', out]);
      expect(j.code).toBe(6);
      const text = await readFile(out, 'utf8');
      expect(text).not.toContain('HYPERLINK');
      expect(text).not.toContain('script');
      expect(
        text
          .split('\n')
          .slice(1, 3)
          .map((line) => line.split(',').slice(0, 4).join(',')),
      ).toEqual(['1,,failed,damaged', '2,,failed,damaged']);
    }, 90_000);
  },
);
