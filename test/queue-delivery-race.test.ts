import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TimeoutError } from '@vsynth/core';
import {
  connectRedis,
  enqueueBatch,
  readBatch,
  recordDelivery,
  rowStates,
  runWorker,
  type QueueConnection,
  type QueuedBatchSettings,
  type RowJobData,
} from '@vsynth/queue';
import type { BatchClient } from '@vsynth/batch';
import { until } from './queue-helpers.js';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';

describe.skipIf(redisMissing !== undefined)(
  'a queued row whose export is delivered before its lost answer is recorded',
  () => {
    let server: TestRedis;
    let connection: QueueConnection;
    beforeAll(async () => {
      server = await startRedis();
      connection = await connectRedis(server.url);
    });
    afterAll(async () => {
      await connection?.close();
      await server?.stop();
    });

    it('stays done: enqueued again with --resend-unknown it is not sent a second time', async () => {
      const { redis } = connection;
      const settings: QueuedBatchSettings = {
        batchId: 'hook',
        template: 'welcome.tsx',
        kind: 'create',
        rows: 1,
        queued: 1,
        created: '2026-11-25T12:00:00.000Z',
      };
      const job: RowJobData = {
        batchId: 'hook',
        row: 1,
        rowKey: 'ada',
        kind: 'create',
        body: { name: 'Ada' },
        cubes: 3,
      };
      let sent = 0;
      const client = {
        // The service accepts the request and delivers the export, but its answer never comes back.
        createProject: async () => {
          sent += 1;
          if (sent === 1) {
            expect(
              await recordDelivery(redis, { correlationId: 'hook.1', videoUrl: 'https://cdn/hook.mp4', duration: 7 }),
            ).toBe(true);
            throw new TimeoutError('POST /api/odin/v3/editor/project', 60_000);
          }
          return { projectId: 'second' };
        },
      } as unknown as BatchClient;
      const work = async () => {
        const controller = new AbortController();
        const settled: string[] = [];
        const running = runWorker({
          redis,
          client,
          concurrency: 1,
          signal: controller.signal,
          onRow: (result) => settled.push(result.status),
        });
        await until('the row settled', () => settled.length === 1, 10_000);
        controller.abort();
        await running;
        return settled;
      };

      await enqueueBatch({ redis, settings, jobs: [job], invalid: [] });
      expect(await work()).toEqual(['unknown']);
      expect((await readBatch(redis, 'hook')).results).toMatchObject([
        { row: 1, status: 'done', videoUrl: 'https://cdn/hook.mp4', duration: 7 },
      ]);

      expect(await enqueueBatch({ redis, settings, jobs: [job], invalid: [], resendUnknown: true })).toEqual({
        batchId: 'hook',
        added: 1,
        existing: 0,
      });
      expect(await work()).toEqual(['done']);
      expect(sent).toBe(1);
      expect((await rowStates(redis, 'hook')).get(1)).toMatchObject({
        status: 'done',
        attempts: 1,
        videoUrl: 'https://cdn/hook.mp4',
      });
    });
  },
);
