import type { BatchClock } from './batch-clock.js';

/**
 * Spaces request starts to at most `rps` per second, and holds every start until a pause set
 * from a `Retry-After` has passed.
 *
 * @example
 * const limiter = new RateLimiter({ rps: 10, clock: systemClock });
 * await limiter.take(); // at most 10 per second pass
 */
export class RateLimiter {
  private next = 0;
  private pausedUntil = 0;
  private readonly interval: number;
  private readonly clock: BatchClock;

  constructor(options: { rps?: number | undefined; clock: BatchClock }) {
    this.interval = options.rps === undefined || options.rps <= 0 ? 0 : 1000 / options.rps;
    this.clock = options.clock;
  }

  /** Waits for this request's turn. */
  async take(signal?: AbortSignal): Promise<void> {
    const now = this.clock.now();
    const start = Math.max(now, this.next, this.pausedUntil);
    this.next = start + this.interval;
    if (start > now) await this.clock.sleep(start - now, signal);
  }

  /** No request starts before `ms` from now (the service asked us to wait). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms);
  }
}
