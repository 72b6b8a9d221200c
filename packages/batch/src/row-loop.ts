import { hash } from 'node:crypto';
import { UsageError, ValidationError, formatIssue, issue } from '@vsynth/core';
import { checkRow, type BatchRequest, type BatchTemplate, type DataRow, type RowSchema } from '@vsynth/templates';
import type { BatchTally } from './batch-tally.js';
import { bindRow, invalidResult } from './bind-row.js';
import type { ColumnCheck } from './column-check.js';
import type { CubeBudget } from './cube-budget.js';
import { received } from './option-checks.js';
import type { OrderedResults } from './ordered-results.js';
import { recordedResult, resumeAction, type RowState } from './row-lifecycle.js';
import { failedResult, overMaxCubesResult, type RowResult } from './row-result.js';
import type { RowSender } from './row-sender.js';

/** What the row loop reads, decides with and hands rows to; the parts are the batch's. */
export interface RowLoop {
  readonly template: BatchTemplate;
  readonly schema?: RowSchema | undefined;
  readonly keyColumn?: string | undefined;
  /** The journal's path, for the message of a row that changed since an earlier run. */
  readonly journal?: string | undefined;
  /** Rows of the resumed batch, as its journal left them. */
  readonly previous?: ReadonlyMap<number, RowState> | undefined;
  readonly resendUnknown: boolean;
  readonly dryRun: boolean;
  readonly strict: boolean;
  readonly maxCubes?: number | undefined;
  readonly estimate: (request: BatchRequest) => number;
  readonly budget: CubeBudget;
  readonly columns: ColumnCheck;
  readonly tally: BatchTally;
  readonly ordered?: OrderedResults | undefined;
  readonly sender: RowSender;
  readonly signal?: AbortSignal | undefined;
  /** Settles a row; `awaitsDelivery` holds its result for a webhook delivery. */
  readonly settle: (result: RowResult, awaitsDelivery?: boolean) => void;
  readonly warn: (message: string, row?: number) => void;
  readonly onRequest?:
    | ((state: { row: number; rowKey: string; request: BatchRequest; cubes: number }) => void)
    | undefined;
}

/**
 * Reads the rows in order and settles each (skipped, unknown, invalid, over `maxCubes`, a dry
 * run's `ok`) or hands it to the sender, which settles it when its request ends. Stops when the
 * sender stops or the signal aborts; resolves true when interrupted. Throws what refuses the whole
 * batch (a row that is not a data row, a data file changed since the journal's run).
 *
 * @example const interrupted = await sendRows(rowsFromFile('people.csv'), loop);
 */
export async function sendRows(rows: AsyncIterable<DataRow> | Iterable<DataRow>, loop: RowLoop): Promise<boolean> {
  const { sender, signal, tally, budget, settle } = loop;
  for await (const source of rows) {
    if (sender.stopped) return false;
    if (signal?.aborted) return true;
    tally.rows += 1;
    checkDataRow(source, tally.rows);
    const dataRow = loop.schema === undefined || source.issues?.length ? source : checkRow(loop.schema, source);
    const { row } = dataRow;
    const rowKey = keyOf(dataRow, loop.keyColumn);
    loop.columns.see(dataRow);
    const before = loop.previous?.get(row);
    if (before !== undefined && before.key !== rowKey) throw changedRow(row, before.key, rowKey, loop.journal);
    loop.ordered?.expect(row);
    const action = resumeAction(before, loop.resendUnknown);
    if (before !== undefined && action === 'skip') {
      budget.spent(before.cubes ?? 0);
      settle(recordedResult(row, before, 'done'));
      continue;
    }
    if (before !== undefined && action === 'unknown') {
      // Sent by an earlier run with the webhook address: its delivery may still come, to this run.
      settle(recordedResult(row, before, 'unknown'), before.webhook === true);
      continue;
    }
    const priorAttempts = before?.attempts ?? 0;
    if (budget.stopped && !loop.dryRun) {
      // Rows after the stop are read and listed, not bound or sent: the results account for the whole file.
      settle(overMaxCubesResult(row, rowKey, priorAttempts, loop.maxCubes));
      continue;
    }
    if (dataRow.issues !== undefined && dataRow.issues.length > 0) {
      settle(invalidResult(row, rowKey, dataRow.issues, priorAttempts));
      continue;
    }
    loop.columns.bound();
    const bound = await bindRow(loop.template, dataRow);
    if (!bound.ok) {
      settle(invalidResult(row, rowKey, bound.issues, priorAttempts));
      continue;
    }
    if (loop.strict && bound.warnings.length > 0) {
      const errors = bound.warnings.map((warning) => ({ ...warning, severity: 'error' as const }));
      settle(invalidResult(row, rowKey, errors, priorAttempts));
      continue;
    }
    for (const warning of bound.warnings) loop.warn(formatIssue(warning).replace(/^⚠ /, ''), row);
    const { request } = bound;
    const cubes = loop.estimate(request);
    const total = budget.planned + cubes;
    if (loop.dryRun) {
      // A dry run checks every row and estimates the whole batch; it only says where a run would stop.
      if (!budget.stopped && !budget.take(cubes)) {
        loop.warn(
          `A run would stop before row ${row}: its estimated ${cubes} cubes would bring the batch to ${total}, over \`maxCubes\` ${loop.maxCubes}.`,
          row,
        );
      }
      loop.onRequest?.({ row, rowKey, request, cubes });
      settle({ row, rowKey, status: 'ok', attempts: 0, cubes });
      continue;
    }
    if (!budget.take(cubes)) {
      loop.warn(
        `Stopped before row ${row}: its estimated ${cubes} cubes would bring the batch to ${total}, over \`maxCubes\` ${loop.maxCubes}.`,
        row,
      );
      settle(overMaxCubesResult(row, rowKey, priorAttempts, loop.maxCubes));
      continue;
    }
    // A request in flight may stop the batch while this row waits: it is then neither sent nor listed.
    if (!(await sender.slot())) return false;
    if (signal?.aborted) {
      sender.release();
      settle(
        failedResult(
          row,
          rowKey,
          priorAttempts,
          'interrupted',
          'VSYNTH_ABORTED',
          'The batch was interrupted before this row was sent; resume to send it.',
        ),
      );
      return true;
    }
    // Outputs are touched only now: a batch refused before its first request leaves them as they were.
    loop.ordered?.begin();
    sender.send({ row, rowKey, request, cubes, priorAttempts });
  }
  return false;
}

/** A row from `rows` that is not a DataRow (plain objects passed without `iterableRows`). */
function checkDataRow(source: unknown, index: number): asserts source is DataRow {
  const row = source as Partial<DataRow> | null;
  if (
    typeof row === 'object' &&
    row !== null &&
    typeof row.row === 'number' &&
    typeof row.data === 'object' &&
    row.data !== null
  )
    return;
  throw new UsageError(
    `\`rows\` must yield data rows ({ row, data }); item ${index} is ${received(source)}. Wrap plain objects with iterableRows(objects) of @vsynth/templates.`,
  );
}

/** The data file no longer matches the journal: invalid input (exit 3), not a batch with failed rows. */
function changedRow(row: number, recorded: string, now: string, journal: string | undefined): ValidationError {
  const message = `Row ${row} differs from the row the journal ${journal} recorded (key ${recorded}, now ${now}): the data file changed since the batch started. Restore it, or start a new batch with another \`journal\`.`;
  const failure = new ValidationError([issue({ code: 'row', message, path: [], row })], { subject: `row ${row}` });
  failure.message = message;
  return failure;
}

/** The row's key: its `keyColumn` value, or a hash of its values. */
function keyOf(dataRow: DataRow, keyColumn: string | undefined): string {
  const value = keyColumn === undefined ? undefined : dataRow.data[keyColumn];
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return hash('sha256', JSON.stringify(dataRow.data), 'base64url').slice(0, 12);
}
