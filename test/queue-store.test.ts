import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchKeys, connectRedis, RedisStore, type QueueConnection } from '@vsynth/queue';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';

describe.skipIf(redisMissing !== undefined)('RedisStore, the queued batch’s row records', () => {
  let redis: TestRedis;
  let connection: QueueConnection;
  beforeAll(async () => {
    redis = await startRedis();
    connection = await connectRedis(redis.url);
  });
  afterAll(async () => {
    await connection?.close();
    await redis?.stop();
  });

  it('keeps each row’s state, and the time of the batch’s first attempt only', async () => {
    const store = new RedisStore(connection.redis, 'rec');
    const keys = batchKeys('rec');
    await store.record({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'rec.1', time: '2026-11-25T08:00:00.000Z' });
    await store.record({ type: 'attempt', row: 2, key: 'k2', attempt: 1, cid: 'rec.2', time: '2026-11-25T08:00:05.000Z' });
    await store.record({ type: 'done', row: 1, key: 'k1', via: 'response', projectId: 'p1', cubes: 2, time: '2026-11-25T08:00:06.000Z' });
    expect(await connection.redis.get(keys.started)).toBe('2026-11-25T08:00:00.000Z');
    expect(JSON.parse((await connection.redis.hget(keys.rows, '1'))!)).toEqual({ key: 'k1', status: 'done', attempts: 1, cid: 'rec.1', projectId: 'p1', cubes: 2 });
    expect(JSON.parse((await connection.redis.hget(keys.rows, '2'))!)).toEqual({ key: 'k2', status: 'attempt', cid: 'rec.2', attempts: 1 });
    // Another worker (or a restart) reads the state from Redis, not from its own memory.
    expect(await new RedisStore(connection.redis, 'rec').rowState(1)).toMatchObject({ status: 'done', projectId: 'p1' });
  });

  it('never replaces a done result line with another status', async () => {
    const store = new RedisStore(connection.redis, 'res');
    const keys = batchKeys('res');
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'failed', reason: 'http_500', attempts: 1 });
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'done', projectId: 'p3', attempts: 2 });
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'unknown', reason: 'lost_response', attempts: 3 });
    expect(JSON.parse((await connection.redis.hget(keys.results, '3'))!)).toMatchObject({ status: 'done', projectId: 'p3', attempts: 2 });
    expect(await connection.redis.get(keys.last)).not.toBeNull();
  });

  it('goes on writing when Redis has forgotten its scripts (a restart, SCRIPT FLUSH)', async () => {
    const store = new RedisStore(connection.redis, 'flush');
    await store.record({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'flush.1', time: '2026-11-25T09:00:00.000Z' });
    await connection.redis.script('FLUSH');
    await store.record({ type: 'failed', row: 1, key: 'k1', reason: 'http_400', message: 'bad', code: 'E1', time: '2026-11-25T09:00:01.000Z' });
    await store.writeResult({ row: 1, rowKey: 'k1', status: 'failed', reason: 'http_400', attempts: 1 });
    expect(JSON.parse((await connection.redis.hget(batchKeys('flush').rows, '1'))!)).toMatchObject({ status: 'failed', attempts: 1, reason: 'http_400' });
    expect(await connection.redis.hget(batchKeys('flush').results, '1')).not.toBeNull();
  });
});
