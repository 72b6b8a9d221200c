import { describe, expect, it } from 'vitest';
import { batchKeys, connectRedis } from '@vsynth/queue';
import { WELCOME, useQueueFixture, writeCustomers } from './queue-helpers.js';
import { redisMissing } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

describe.skipIf(redisMissing !== undefined)(
  `a queued batch's keys on a real redis-server${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    const fixture = useQueueFixture('vsynth-retention-', []);

    it('expire after the retention (30 days by default, or --retention), and `batch forget` removes them at once', async () => {
      const data = await writeCustomers(fixture.dir, 3);
      const enqueue = (batchId: string, extra: string[] = []) =>
        runVsynth([
          'batch',
          '--template',
          WELCOME,
          '--data',
          data,
          '--queue',
          fixture.redis.url,
          '--batch-id',
          batchId,
          ...extra,
        ]);
      expect((await enqueue('kept')).code).toBe(0);
      expect((await enqueue('brief', ['--retention', '2'])).code).toBe(0);
      const connection = await connectRedis(fixture.redis.url);
      try {
        const ttl = (batchId: string) => connection.redis.ttl(batchKeys(batchId).settings);
        expect(Math.round((await ttl('kept')) / 86_400)).toBe(30);
        expect(Math.round((await ttl('brief')) / 86_400)).toBe(2);

        const forget = (batchId: string) =>
          runVsynth(['batch', 'forget', '--queue', fixture.redis.url, '--batch-id', batchId]);
        const forgotten = await forget('brief');
        expect(forgotten.stderr).toMatch(/^vsynth: forgot batch brief: \d+ keys and 3 queued rows removed from redis:/);
        expect(forgotten.code).toBe(0);
        expect(await connection.redis.exists(...Object.values(batchKeys('brief')))).toBe(0);
        expect(await connection.redis.keys('bull:vsynth-rows:brief.*')).toEqual([]);
        // The other batch is untouched.
        expect(await connection.redis.exists(batchKeys('kept').settings)).toBe(1);
        expect((await connection.redis.keys('bull:vsynth-rows:kept.*')).length).toBeGreaterThan(0);
        const again = await forget('brief');
        expect(again.stderr).toContain('has no batch brief; nothing to forget.');
        expect(again.code).toBe(2);
        const status = await runVsynth([
          'batch',
          'status',
          '--queue',
          fixture.redis.url,
          '--batch-id',
          'kept',
          '--json',
        ]);
        expect(JSON.parse(status.stdout)).toMatchObject({ batchId: 'kept', waiting: 3 });
      } finally {
        await connection.close();
      }
    }, 120_000);
  },
);
