import type { Issue } from '@vsynth/core';
import type { RowResult } from './row-result.js';

export interface BatchSummary {
  readonly batchId: string;
  /** Rows read from the source. */
  readonly rows: number;
  /** Rows with at least one request sent by this run. */
  readonly submitted: number;
  /** Rows accepted by this run (a response, or a webhook delivery for an unknown row). */
  readonly done: number;
  readonly failed: number;
  /** Rows a resumed run found done in the journal. */
  readonly skipped: number;
  readonly unknown: number;
  /** Rows that are fine: in a dry run, rows that bound and validated; in a run, rows done (now or before). */
  readonly ok: number;
  /** Estimated cubes of the rows done by this run (dry run: of the valid rows); legacy creates count `cube_used`. */
  readonly cubes: number;
  readonly failedByReason: Readonly<Record<string, number>>;
  readonly interrupted: boolean;
  /** The batch stopped before exceeding `maxCubes` (a dry run: a run would stop; `cubes` estimates every row). */
  readonly stoppedAtMaxCubes: boolean;
  /** The concurrency limit at the end (lower than asked after repeated 429 answers). */
  readonly concurrency: number;
  readonly warnings: readonly Issue[];
}

/**
 * The counts of a batch as its rows settle: what its summary reports.
 *
 * @example
 * const tally = new BatchTally();
 * tally.add({ row: 1, rowKey: 'k', status: 'failed', reason: 'http_400', attempts: 1 });
 * tally.failedByReason // { http_400: 1 }
 */
export class BatchTally {
  rows = 0;
  submitted = 0;
  done = 0;
  failed = 0;
  skipped = 0;
  unknown = 0;
  /** Dry-run rows that bound and validated. */
  valid = 0;
  cubes = 0;
  readonly failedByReason: Record<string, number> = {};

  /** Counts a row's result. */
  add(result: RowResult): void {
    if (result.status === 'done' && result.skipped) this.skipped += 1;
    else if (result.status === 'done') {
      this.done += 1;
      this.cubes += result.cubes ?? 0;
    } else if (result.status === 'failed') {
      this.failed += 1;
      const reason = result.reason ?? 'error';
      this.failedByReason[reason] = (this.failedByReason[reason] ?? 0) + 1;
    } else if (result.status === 'unknown') this.unknown += 1;
    else {
      this.valid += 1;
      this.cubes += result.cubes ?? 0;
    }
  }

  /** A counted unknown row whose export was delivered: it was accepted, so it counts as done. */
  accept(unknown: RowResult): void {
    this.unknown -= 1;
    this.done += 1;
    this.cubes += unknown.cubes ?? 0;
  }

  summary(
    end: Pick<BatchSummary, 'batchId' | 'interrupted' | 'stoppedAtMaxCubes' | 'concurrency' | 'warnings'>,
  ): BatchSummary {
    const { rows, submitted, done, failed, skipped, unknown, cubes } = this;
    const { batchId, interrupted, stoppedAtMaxCubes, concurrency, warnings } = end;
    const ok = this.valid + done + skipped;
    const failedByReason = { ...this.failedByReason };
    return {
      batchId,
      rows,
      submitted,
      done,
      failed,
      skipped,
      unknown,
      ok,
      cubes,
      failedByReason,
      interrupted,
      stoppedAtMaxCubes,
      concurrency,
      warnings,
    };
  }
}
