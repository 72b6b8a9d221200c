import { connect, createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchKeys, connectRedis, recordDelivery, RedisStore, rowStates, type QueueConnection } from '@vsynth/queue';
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
    await store.record({
      type: 'attempt',
      row: 1,
      key: 'k1',
      attempt: 1,
      cid: 'rec.1',
      time: '2026-11-25T08:00:00.000Z',
    });
    await store.record({
      type: 'attempt',
      row: 2,
      key: 'k2',
      attempt: 1,
      cid: 'rec.2',
      time: '2026-11-25T08:00:05.000Z',
    });
    await store.record({
      type: 'done',
      row: 1,
      key: 'k1',
      via: 'response',
      projectId: 'p1',
      cubes: 2,
      time: '2026-11-25T08:00:06.000Z',
    });
    expect(await connection.redis.get(keys.started)).toBe('2026-11-25T08:00:00.000Z');
    expect(JSON.parse((await connection.redis.hget(keys.rows, '1'))!)).toEqual({
      key: 'k1',
      status: 'done',
      attempts: 1,
      cid: 'rec.1',
      projectId: 'p1',
      cubes: 2,
    });
    expect(JSON.parse((await connection.redis.hget(keys.rows, '2'))!)).toEqual({
      key: 'k2',
      status: 'attempt',
      cid: 'rec.2',
      attempts: 1,
      sentAt: '2026-11-25T08:00:05.000Z',
    });
    // Another worker (or a restart) reads the state from Redis, not from its own memory.
    expect(await new RedisStore(connection.redis, 'rec').rowState(1)).toMatchObject({
      status: 'done',
      projectId: 'p1',
    });
  });

  it('never replaces a done result line with another status', async () => {
    const store = new RedisStore(connection.redis, 'res');
    const keys = batchKeys('res');
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'failed', reason: 'http_500', attempts: 1 });
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'done', projectId: 'p3', attempts: 2 });
    await store.writeResult({ row: 3, rowKey: 'k3', status: 'unknown', reason: 'lost_response', attempts: 3 });
    expect(JSON.parse((await connection.redis.hget(keys.results, '3'))!)).toMatchObject({
      status: 'done',
      projectId: 'p3',
      attempts: 2,
    });
    expect(await connection.redis.get(keys.last)).not.toBeNull();
  });

  it('goes on writing when Redis has forgotten its scripts (a restart, SCRIPT FLUSH)', async () => {
    const store = new RedisStore(connection.redis, 'flush');
    await store.record({
      type: 'attempt',
      row: 1,
      key: 'k1',
      attempt: 1,
      cid: 'flush.1',
      time: '2026-11-25T09:00:00.000Z',
    });
    await connection.redis.script('FLUSH');
    await store.record({
      type: 'failed',
      row: 1,
      key: 'k1',
      reason: 'http_400',
      message: 'bad',
      code: 'E1',
      time: '2026-11-25T09:00:01.000Z',
    });
    await store.writeResult({ row: 1, rowKey: 'k1', status: 'failed', reason: 'http_400', attempts: 1 });
    expect(JSON.parse((await connection.redis.hget(batchKeys('flush').rows, '1'))!)).toMatchObject({
      status: 'failed',
      attempts: 1,
      reason: 'http_400',
    });
    expect(await connection.redis.hget(batchKeys('flush').results, '1')).not.toBeNull();
  });

  it('a webhook delivery recorded while a worker holds the row is kept: its lost answer leaves the row done, its answer keeps the videoUrl', async () => {
    const redis = connection.redis;
    await redis.set(
      batchKeys('race').settings,
      JSON.stringify({
        batchId: 'race',
        template: 't',
        kind: 'create',
        rows: 2,
        queued: 2,
        created: '2026-11-25T10:00:00.000Z',
      }),
    );
    const worker = new RedisStore(redis, 'race');
    for (const row of [1, 2])
      await worker.record({
        type: 'attempt',
        row,
        key: `k${row}`,
        attempt: 1,
        cid: `race.${row}`,
        time: '2026-11-25T10:00:00.000Z',
      });
    // Both rows' exports are delivered before the worker learns how their requests ended.
    expect(await recordDelivery(redis, { correlationId: 'race.1', videoUrl: 'https://cdn/1.mp4', duration: 8 })).toBe(
      true,
    );
    expect(await recordDelivery(redis, { correlationId: 'race.2', videoUrl: 'https://cdn/2.mp4', duration: 9 })).toBe(
      true,
    );
    await worker.record({
      type: 'unknown',
      row: 1,
      key: 'k1',
      reason: 'timeout',
      message: 'no answer within 60 s',
      time: '2026-11-25T10:01:00.000Z',
    });
    await worker.record({
      type: 'done',
      row: 2,
      key: 'k2',
      via: 'response',
      projectId: 'p2',
      cubes: 4,
      time: '2026-11-25T10:01:00.000Z',
    });
    const states = await rowStates(redis, 'race');
    // Row 1 was accepted (its export came): unknown would let --resend-unknown spend its cubes again.
    expect(states.get(1)).toEqual({
      key: 'k1',
      status: 'done',
      cid: 'race.1',
      attempts: 1,
      sentAt: '2026-11-25T10:00:00.000Z',
      videoUrl: 'https://cdn/1.mp4',
      duration: 8,
    });
    expect(states.get(2)).toEqual({
      key: 'k2',
      status: 'done',
      cid: 'race.2',
      attempts: 1,
      projectId: 'p2',
      cubes: 4,
      videoUrl: 'https://cdn/2.mp4',
      duration: 9,
    });
  });

  it('a delivery that read the row before the worker recorded its answer does not erase the answer', async () => {
    const redis = connection.redis;
    const worker = new RedisStore(redis, 'late');
    await worker.record({
      type: 'attempt',
      row: 1,
      key: 'k1',
      attempt: 1,
      cid: 'late.1',
      time: '2026-11-25T11:00:00.000Z',
    });
    // The collector's store reads the row (attempt), then the worker records the answer before the delivery is written.
    const collector = new RedisStore(redis, 'late');
    expect(await collector.rowState(1)).toMatchObject({ status: 'attempt' });
    await worker.record({
      type: 'done',
      row: 1,
      key: 'k1',
      via: 'response',
      projectId: 'p1',
      cubes: 6,
      time: '2026-11-25T11:00:01.000Z',
    });
    await collector.record({
      type: 'delivery',
      row: 1,
      cid: 'late.1',
      videoUrl: 'https://cdn/late.mp4',
      duration: 5,
      time: '2026-11-25T11:00:02.000Z',
    });
    expect((await rowStates(redis, 'late')).get(1)).toEqual({
      key: 'k1',
      status: 'done',
      cid: 'late.1',
      attempts: 1,
      projectId: 'p1',
      cubes: 6,
      videoUrl: 'https://cdn/late.mp4',
      duration: 5,
    });
  });

  it('a record whose answer is lost with the connection is sent again once reconnected, and counted once', async () => {
    // A proxy that, when told, passes the next command to Redis and drops the connection before its answer.
    let cut = false;
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(redis.port, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
      }
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      upstream.on('data', (chunk) => client.write(chunk));
      client.on('data', (chunk) => {
        upstream.write(chunk);
        if (!cut) return;
        cut = false;
        upstream.removeAllListeners('data');
        setTimeout(() => client.destroy(), 100);
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = await connectRedis(`redis://127.0.0.1:${(proxy.address() as { port: number }).port}/0`);
    try {
      const store = new RedisStore(proxied.redis, 'cut');
      expect(await store.rowState(1)).toBeUndefined();
      cut = true;
      await store.record({
        type: 'attempt',
        row: 1,
        key: 'k1',
        attempt: 1,
        cid: 'cut.1',
        time: '2026-11-25T12:00:00.000Z',
      });
      expect(cut).toBe(false);
      expect(JSON.parse((await connection.redis.hget(batchKeys('cut').rows, '1'))!)).toEqual({
        key: 'k1',
        status: 'attempt',
        cid: 'cut.1',
        attempts: 1,
        sentAt: '2026-11-25T12:00:00.000Z',
      });
    } finally {
      await proxied.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });
});
