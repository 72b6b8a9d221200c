/**
 * Hands out base projects so that each is used by one modify at a time; a row waits for a free
 * project. With one project the batch runs one modify at a time.
 *
 * @example
 * const pool = new ProjectPool(['p-1', 'p-2']);
 * const id = await pool.take(); try { … } finally { pool.give(id); }
 */
export class ProjectPool {
  private readonly free: string[];
  private readonly waiters: ((id: string) => void)[] = [];
  readonly size: number;

  constructor(ids: readonly string[]) {
    this.free = [...new Set(ids)];
    this.size = this.free.length;
  }

  take(): Promise<string> {
    const id = this.tryTake();
    if (id !== undefined) return Promise.resolve(id);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /**
   * A free project now, without a promise; undefined: call `take` to wait for one.
   *
   * @example const id = pool.tryTake() ?? (await pool.take());
   */
  tryTake(): string | undefined {
    return this.free.shift();
  }

  give(id: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(id);
    else this.free.push(id);
  }
}
