import type { Issue } from '@vsynth/core';

/**
 * One data row as read from a source. `row` is the 1-based number of the data row: the CSV
 * header line is not counted, blank lines are not counted, so row 1 is the first record.
 */
export interface DataRow {
  readonly row: number;
  readonly data: Readonly<Record<string, unknown>>;
  /** Problems found while reading the row (wrong field count, not an object, bad JSON). */
  readonly issues?: readonly Issue[];
  /** Line in the file where the record ends, when the source is a text file. */
  readonly line?: number;
}
