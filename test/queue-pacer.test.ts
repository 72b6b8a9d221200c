import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisPacer, connectRedis, reserveCubes, type QueueConnection } from '@vsynth/queue';
import { redisMissing, startRedis, type TestRedis } from './redis-server.js';

describe.skipIf(redisMissing !== undefined)(
  `Redis rate limiter and cube budget shared by clients${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    let server: TestRedis;
    const clients: QueueConnection[] = [];
    const client = async () => {
      const connection = await connectRedis(server.url);
      clients.push(connection);
      return connection.redis;
    };

    beforeAll(async () => {
      server = await startRedis();
    });
    afterAll(async () => {
      for (const connection of clients) await connection.close();
      await server?.stop();
    });

    it('three clients at --rps 20 share 20 starts per second, spaced 50 ms apart', async () => {
      const pacers = (await Promise.all([client(), client(), client()])).map(
        (redis) => new RedisPacer(redis, 'pace', 20),
      );
      const starts: number[] = [];
      const begin = Date.now();
      await Promise.all(
        pacers.map(async (pacer) => {
          for (let i = 0; i < 10; i++) {
            await pacer.take();
            starts.push(Date.now() - begin);
          }
        }),
      );
      starts.sort((a, b) => a - b);
      // 30 starts at 20/s: the last one no earlier than 29 × 50 ms after the first.
      expect(starts.at(-1)! - starts[0]!).toBeGreaterThanOrEqual(29 * 50 - 20);
    });

    it("one client's Retry-After pause holds the others' starts", async () => {
      const [a, b] = [
        new RedisPacer(await client(), 'pause', undefined),
        new RedisPacer(await client(), 'pause', undefined),
      ];
      await a.pause(400);
      const begin = Date.now();
      await b.take();
      expect(Date.now() - begin).toBeGreaterThanOrEqual(350);
    });

    it('reserves cubes atomically under the cap, once per row, and stops the batch at the first row that does not fit', async () => {
      const redis = await client();
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, index) => reserveCubes(redis, 'budget', index + 1, 3, 10)),
      );
      expect(results.filter(Boolean)).toHaveLength(3);
      expect(await redis.get('vsynth:batch:budget:cubes')).toBe('9');
      // A row that already holds a reservation keeps it (a taken-over job does not reserve twice).
      const holder = results.findIndex(Boolean) + 1;
      expect(await reserveCubes(redis, 'budget', holder, 3, 10)).toBe(true);
      expect(await redis.get('vsynth:batch:budget:cubes')).toBe('9');
      // A smaller row that would still fit is refused: the batch stopped.
      expect(await reserveCubes(redis, 'budget', 50, 1, 10)).toBe(false);
    });
  },
);
