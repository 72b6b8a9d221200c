import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectRedis, readBatch, settleQueuedRow } from '@vsynth/queue';
import { createBatchFiles, ledger } from './batch-helpers.js';
import { testSandbox } from './batch-helpers.js';
import { settledRows, until, useQueueFixture } from './queue-helpers.js';
import { redisMissing } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

const CREATE = 'POST /api/odin/v3/editor/project';

describe.skipIf(redisMissing !== undefined)(
  `vsynth batch unknown and settle of a queued batch${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    const fixture = useQueueFixture('vsynth-queue-settle-', ['--concurrency', '2', '--events', 'jsonl']);

    it('lists the unknown rows with their project names; settled against the ledger, enqueueing again sends only the row never sent', async () => {
      fixture.sandbox = await testSandbox();
      const emails = ['ana@example.com', 'bo@example.com', 'cy@example.com'];
      const { template, data } = await createBatchFiles(join(fixture.dir), emails);
      const enqueueArgs = ['batch', '--template', template, '--data', data, '--key-column', 'email'];
      enqueueArgs.push('--queue', fixture.redis.url, '--batch-id', 'sq');
      const enqueued = await runVsynth(enqueueArgs);
      expect(enqueued.code, enqueued.stderr).toBe(0);
      // Workers killed after recording the attempts of rows 2 and 3: row 2's request never left,
      // row 3's reached the service (created here as that worker would have sent it).
      const connection = await connectRedis(fixture.redis.url);
      try {
        for (const row of [2, 3]) {
          const name = `vsynth sq.${row} ${emails[row - 1]}`;
          const state = { key: emails[row - 1], status: 'attempt', cid: `sq.${row}`, name, attempts: 1 };
          await connection.redis.hset('vsynth:batch:sq:rows', String(row), JSON.stringify({ ...state, sentAt: 'T' }));
        }
        const [jobKey] = await connection.redis.keys('bull:vsynth-rows:sq.3.*');
        const job = JSON.parse((await connection.redis.hget(jobKey!, 'data'))!) as { body: Record<string, unknown> };
        await fixture.sandbox.client.createProject({ ...job.body, name: 'vsynth sq.3 cy@example.com' } as never);
      } finally {
        await connection.close();
      }
      const worker = fixture.worker();
      await until('the worker to settle the 3 rows', () => settledRows(worker.output.stderr) >= 3, 30_000);

      const place = ['--queue', fixture.redis.url, '--batch-id', 'sq'];
      const listed = await runVsynth(['batch', 'unknown', ...place, '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      const unknown = listed.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(unknown).toEqual([
        {
          row: 2,
          rowKey: 'bo@example.com',
          attempts: 1,
          reason: 'no_outcome',
          sentAt: 'T',
          correlationId: 'sq.2',
          projectName: 'vsynth sq.2 bo@example.com',
        },
        {
          row: 3,
          rowKey: 'cy@example.com',
          attempts: 1,
          reason: 'no_outcome',
          sentAt: 'T',
          correlationId: 'sq.3',
          projectName: 'vsynth sq.3 cy@example.com',
        },
      ]);
      expect(listed.stderr).toContain(`then \`vsynth batch settle ${place.join(' ')} --row N --done PROJECT_ID\``);

      // As a person reads the project list: row 3's name is there, row 2's is not.
      const creates = (await ledger(fixture.sandbox.url)).filter((entry) => entry.endpoint === CREATE);
      const found = creates.find((entry) => entry.body['name'] === 'vsynth sq.3 cy@example.com');
      expect(creates.some((entry) => entry.body['name'] === 'vsynth sq.2 bo@example.com')).toBe(false);
      const done = await runVsynth(['batch', 'settle', ...place, '--row', '3', '--done', String(found?.projectId)]);
      expect(done.stderr).toBe(`vsynth: row 3 settled as done (project ${found?.projectId}): no worker sends it.\n`);
      const notSent = await runVsynth(['batch', 'settle', ...place, '--row', '2', '--not-sent']);
      expect(notSent.stderr).toBe(
        'vsynth: row 2 settled as not sent: enqueueing the batch again (the same `vsynth batch --queue … --batch-id sq`) sends it.\n',
      );
      expect(notSent.code).toBe(0);
      const probe = await connectRedis(fixture.redis.url);
      try {
        await expect(settleQueuedRow(probe.redis, 'sq', { row: 1, notSent: true })).rejects.toThrow(
          'Row 1 is done, not unknown: only unknown rows are settled.',
        );
        await expect(settleQueuedRow(probe.redis, 'sq', { row: 2, notSent: true })).rejects.toThrow(
          'Row 2 is failed, not unknown',
        );
      } finally {
        await probe.close();
      }

      const requeued = await runVsynth(enqueueArgs);
      expect(JSON.parse(requeued.stdout)).toMatchObject({ added: 1, alreadyQueued: 2 });
      const reader = await connectRedis(fixture.redis.url);
      try {
        await until('the worker to send row 2', () => settledRows(worker.output.stderr) >= 4, 30_000);
        const { status } = await readBatch(reader.redis, 'sq');
        expect(status).toMatchObject({ done: 3, failed: 0, unknown: 0, finished: true });
      } finally {
        await reader.close();
      }
      const names = (await ledger(fixture.sandbox.url)).filter((e) => e.endpoint === CREATE).map((e) => e.body['name']);
      expect(names.sort()).toEqual(emails.map((email, index) => `vsynth sq.${index + 1} ${email}`));
    }, 90_000);
  },
);
