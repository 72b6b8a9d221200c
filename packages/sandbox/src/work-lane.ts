/**
 * Work that has come due, run at most `limit` jobs at a time in the order it came: a backlog of
 * hundreds runs a few at a time. What a job throws goes to `onError`.
 *
 * @example
 * const deliveries = new WorkLane(32, (id, error) => log(`export ${id}: ${error}`));
 * deliveries.add(exportId, () => deliver(exportId));
 */
export class WorkLane {
  private readonly due: { readonly id: string; readonly work: () => Promise<void> }[] = [];
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly limit: number,
    private readonly onError: (id: string, error: unknown) => void,
  ) {}

  add(id: string, work: () => Promise<void>): void {
    if (this.closed) return;
    this.due.push({ id, work });
    this.pump();
  }

  /** Jobs waiting or running. */
  get pending(): number {
    return this.due.length + this.running.size;
  }

  /** Drops the jobs not started; resolves once those running have ended. */
  async close(): Promise<void> {
    this.closed = true;
    this.due.length = 0;
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.limit && this.due.length > 0) {
      const { id, work } = this.due.shift()!;
      // A job that throws before returning its promise fails like one that rejects.
      const job = new Promise<void>((resolve) => resolve(work())).catch((error: unknown) => this.onError(id, error));
      this.running.add(job);
      void job.finally(() => {
        this.running.delete(job);
        this.pump();
      });
    }
  }
}
