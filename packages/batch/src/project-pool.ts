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

  /** A free project, once one is free. */
  take(): Promise<string> {
    const id = this.free.shift();
    if (id !== undefined) return Promise.resolve(id);
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  give(id: string): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(id);
    else this.free.push(id);
  }
}
