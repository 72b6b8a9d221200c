import type { ResultsSink } from './open-results-file.js';
import type { RowResult } from './row-result.js';

/**
 * Puts a batch's results in the order its rows were read, whatever order they settle in; only rows
 * that settle before an earlier one wait. A batch refused before its first request `abandon`s, and
 * the sink leaves its destination as it was.
 *
 * @example
 * const ordered = new OrderedResults(openResultsFile('results.csv'));
 * ordered.expect(1); ordered.expect(2);
 * ordered.write(second); // held until row 1 settles
 * ordered.begin(); ordered.write(first); ordered.close();
 */
export class OrderedResults {
  readonly #sink: ResultsSink;
  /** Rows read and not written yet, in reading order. */
  readonly #order: number[] = [];
  #head = 0;
  readonly #held = new Map<number, RowResult>();
  #begun = false;

  constructor(sink: ResultsSink) {
    this.#sink = sink;
  }

  get begun(): boolean {
    return this.#begun;
  }

  /** Row `row` was read: its result comes after those of the rows read before it. */
  expect(row: number): void {
    this.#order.push(row);
  }

  write(result: RowResult): void {
    this.#held.set(result.row, result);
    this.#flush();
  }

  /** The batch is about to send its first request: from now on it is not refused but run. */
  begin(): void {
    this.#begun = true;
  }

  /** Writes what is held (rows whose turn never came, in row order) and closes the sink. */
  close(): void {
    try {
      this.begin();
      for (const row of [...this.#held.keys()].sort((a, b) => a - b)) this.#sink.write(this.#held.get(row)!);
      this.#held.clear();
    } finally {
      this.#sink.close();
    }
  }

  /** The batch was refused before sending: nothing is written. */
  abandon(): void {
    this.#held.clear();
    if (this.#sink.abandon !== undefined) this.#sink.abandon();
    else this.#sink.close();
  }

  #flush(): void {
    while (this.#head < this.#order.length) {
      const row = this.#order[this.#head]!;
      const result = this.#held.get(row);
      if (result === undefined) return;
      this.#held.delete(row);
      this.#head += 1;
      this.#sink.write(result);
    }
    // The read order is dropped as it is used, so a batch of millions of rows holds only what waits.
    if (this.#head > 4096) {
      this.#order.splice(0, this.#head);
      this.#head = 0;
    }
  }
}
