/**
 * A concurrency limit that halves after repeated 429 answers and grows back by one after a run
 * of successes (additive increase, multiplicative decrease), never above `max`.
 *
 * @example
 * const limit = new AdaptiveLimit({ max: 32 });
 * await limit.acquire(); try { … } finally { limit.release(); }
 */
export class AdaptiveLimit {
  readonly max: number;
  private current: number;
  private active = 0;
  private consecutive429 = 0;
  private successes = 0;
  private readonly waiters: (() => void)[] = [];
  private readonly threshold: number;
  private readonly onChange: ((limit: number, reason: string) => void) | undefined;

  constructor(options: { max: number; repeated429?: number; onChange?: (limit: number, reason: string) => void }) {
    this.max = Math.max(1, Math.floor(options.max));
    this.current = this.max;
    this.threshold = options.repeated429 ?? 2;
    this.onChange = options.onChange;
  }

  get limit(): number {
    return this.current;
  }

  get inFlight(): number {
    return this.active;
  }

  /** Waits for a free slot. */
  acquire(): Promise<void> {
    if (this.active < this.current) {
      this.active += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  release(): void {
    this.active -= 1;
    this.drain();
  }

  /** The service answered 429. */
  on429(): void {
    this.successes = 0;
    this.consecutive429 += 1;
    if (this.consecutive429 < this.threshold || this.current === 1) return;
    this.consecutive429 = 0;
    this.current = Math.max(1, Math.floor(this.current / 2));
    this.onChange?.(this.current, 'repeated 429');
  }

  /** A request succeeded. */
  onSuccess(): void {
    this.consecutive429 = 0;
    if (this.current >= this.max) return;
    this.successes += 1;
    if (this.successes >= this.current) {
      this.successes = 0;
      this.current += 1;
      this.onChange?.(this.current, 'recovered');
      this.drain();
    }
  }

  private drain(): void {
    while (this.active < this.current && this.waiters.length > 0) {
      this.active += 1;
      this.waiters.shift()!();
    }
  }
}
