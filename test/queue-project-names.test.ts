import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectRedis, enqueueBatch, runWorker, type QueueConnection } from '@vsynth/queue';
import type { BatchClient } from '@vsynth/batch';
import { until } from './queue-helpers.js';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';

describe.skipIf(redisMissing !== undefined)('queued creates and their project names', () => {
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

  it('a worker names each create after its batch, row and key unless the batch was enqueued without names', async () => {
    const { redis } = connection;
    for (const [batchId, nameProjects] of [
      ['named', undefined],
      ['plain', false],
    ] as const) {
      const settings = { batchId, template: 't', kind: 'create' as const, rows: 1, queued: 1, created: 'now' };
      await enqueueBatch({
        redis,
        settings: nameProjects === undefined ? settings : { ...settings, nameProjects },
        jobs: [{ batchId, row: 1, rowKey: 'ada@example.com', kind: 'create', body: { scenes: [] }, cubes: 1 }],
        invalid: [],
      });
    }
    const bodies: Record<string, unknown>[] = [];
    const client = {
      createProject: async (body: Record<string, unknown>) => {
        bodies.push(body);
        return { projectId: `p${bodies.length}` };
      },
    } as unknown as BatchClient;
    const controller = new AbortController();
    let settled = 0;
    const running = runWorker({ redis, client, concurrency: 1, signal: controller.signal, onRow: () => settled++ });
    await until('both rows settled', () => settled === 2, 10_000);
    controller.abort();
    await running;
    expect(bodies.map((body) => body['name']).sort()).toEqual(['vsynth named.1 ada@example.com', undefined]);
  });
});
