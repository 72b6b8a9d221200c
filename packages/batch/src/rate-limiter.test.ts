import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

/** A clock that stands still and records each wait asked of it. */
function stillClock(at = 0) {
  const waits: number[] = [];
  return { waits, clock: { now: () => at, sleep: async (ms: number) => void waits.push(ms) } };
}

describe('RateLimiter', () => {
  it('spaces request starts 1000/rps ms apart', async () => {
    const { waits, clock } = stillClock();
    const limiter = new RateLimiter({ rps: 10, clock });
    await Promise.all(Array.from({ length: 5 }, () => limiter.take()));
    expect(waits).toEqual([100, 200, 300, 400]);
  });

  it('holds every start until a Retry-After pause has passed, then spaces them again', async () => {
    const { waits, clock } = stillClock(1000);
    const limiter = new RateLimiter({ rps: 4, clock });
    limiter.pause(2000);
    await limiter.take();
    await limiter.take();
    expect(waits).toEqual([2000, 2250]);
  });

  it('without rps lets every start through at once', async () => {
    const { waits, clock } = stillClock();
    const limiter = new RateLimiter({ rps: undefined, clock });
    for (let i = 0; i < 100; i++) await limiter.take();
    expect(waits).toEqual([]);
  });

  it('gives up waiting when the batch is interrupted', async () => {
    const limiter = new RateLimiter({
      rps: 1,
      clock: {
        now: () => 0,
        sleep: async (_ms, signal) => {
          if (signal?.aborted) throw new Error('aborted');
        },
      },
    });
    const controller = new AbortController();
    await limiter.take(controller.signal);
    controller.abort();
    await expect(limiter.take(controller.signal)).rejects.toThrow('aborted');
  });
});
