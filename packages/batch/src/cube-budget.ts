/**
 * The `maxCubes` of a batch: the estimated cubes of its rows (those done in earlier runs
 * included) add up until the next row would exceed it; from then on the batch is stopped.
 *
 * @example
 * const budget = new CubeBudget(100);
 * if (!budget.take(12)) console.log('stopped before this row');
 */
export class CubeBudget {
  readonly max: number | undefined;
  /** Estimated cubes of the rows taken so far. */
  planned = 0;
  /** A row did not fit: the batch stopped there. */
  stopped = false;

  constructor(max: number | undefined) {
    this.max = max;
  }

  /** True when `cubes` more still fit (then they are counted); false stops the batch. */
  take(cubes: number): boolean {
    if (this.max !== undefined && this.planned + cubes > this.max) {
      this.stopped = true;
      return false;
    }
    this.planned += cubes;
    return true;
  }

  /** Counts cubes already spent (a row done by an earlier run), whatever the budget. */
  spent(cubes: number): void {
    this.planned += cubes;
  }
}
