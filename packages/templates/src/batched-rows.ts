import type { DataRow } from './data-row.js';

/**
 * The rows of a source read in batches (a CSV file's chunk at a time) as one async generator of
 * rows: `next()` answers from the current batch with a settled promise, so a consumer's
 * `for await` costs one promise per row instead of an async generator step per row and layer.
 * Calls made while a batch is being read are answered in order; `return()` ends the source
 * (closing its file), `throw()` is passed to it.
 *
 * @example
 * async function* batches() { yield [{ row: 1, data: { a: '1' } }, { row: 2, data: { a: '2' } }]; }
 * for await (const { row } of new BatchedRows(batches())) console.log(row); // 1, 2
 */
export class BatchedRows implements AsyncGenerator<DataRow, undefined> {
  private batch: readonly DataRow[] = [];
  private index = 0;
  private finished = false;
  /** Calls waiting for a batch; while any wait, later calls queue behind them. */
  private waiting = 0;
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly batches: AsyncGenerator<readonly DataRow[], void>) {}

  next(): Promise<IteratorResult<DataRow, undefined>> {
    if (this.waiting === 0 && this.index < this.batch.length) return Promise.resolve({ value: this.batch[this.index++] as DataRow, done: false });
    this.waiting += 1;
    const result = this.last.then(() => this.step()).finally(() => (this.waiting -= 1));
    this.last = result.catch(() => undefined);
    return result;
  }

  async return(): Promise<IteratorResult<DataRow, undefined>> {
    await this.last;
    this.finish();
    await this.batches.return(undefined);
    return { value: undefined, done: true };
  }

  async throw(error: unknown): Promise<IteratorResult<DataRow, undefined>> {
    await this.last;
    this.finish();
    await this.batches.throw(error);
    return { value: undefined, done: true };
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }

  private async step(): Promise<IteratorResult<DataRow, undefined>> {
    while (this.index >= this.batch.length) {
      if (this.finished) return { value: undefined, done: true };
      let next: IteratorResult<readonly DataRow[], void>;
      try {
        next = await this.batches.next();
      } catch (error) {
        this.finish();
        throw error;
      }
      if (next.done === true) this.finish();
      else {
        this.batch = next.value;
        this.index = 0;
      }
    }
    return { value: this.batch[this.index++] as DataRow, done: false };
  }

  private finish(): void {
    this.finished = true;
    this.batch = [];
    this.index = 0;
  }
}
