import { extname } from 'node:path';
import { UsageError, ValidationError, issue } from '@vsynth/core';
import { BatchedRows } from './batched-rows.js';
import { csvRowBatches, type CsvRowsOptions } from './csv-rows.js';
import type { DataRow } from './data-row.js';
import { jsonRows } from './json-rows.js';
import { ndjsonRows } from './ndjson-rows.js';

export interface RowsFromFileOptions extends Omit<CsvRowsOptions, 'name'> {
  /** A file without data rows (empty, `[]`, a CSV header alone) yields nothing instead of throwing. */
  readonly allowEmpty?: boolean;
}

/** Data file extensions `rowsFromFile` reads. */
export const DATA_FILE_EXTENSIONS = ['.csv', '.tsv', '.json', '.ndjson', '.jsonl'] as const;

/**
 * Picks the row source by extension: `.csv`, `.tsv`, `.json` (array), `.ndjson` / `.jsonl`. A
 * file without data rows is a ValidationError (`no rows in people.csv`) unless `allowEmpty`.
 *
 * @example for await (const { row, data } of rowsFromFile('people.csv')) console.log(row, data);
 */
export function rowsFromFile(path: string, options: RowsFromFileOptions = {}): AsyncGenerator<DataRow> {
  const { allowEmpty = false, ...rest } = options;
  const extension = extname(path).toLowerCase();
  if (extension === '.csv' || extension === '.tsv') {
    // CSV rows come a chunk at a time; the check for rows is made per chunk, not per row.
    const batches = csvRowBatches(path, extension === '.tsv' ? { delimiter: '\t', ...rest } : rest);
    return new BatchedRows(allowEmpty ? batches : notEmpty(batches, path, (batch) => batch.length > 0));
  }
  const rows = sourceOf(path, extension);
  return allowEmpty ? rows : notEmpty(rows, path, () => true);
}

async function* notEmpty<T>(items: AsyncGenerator<T>, path: string, holdsRows: (item: T) => boolean): AsyncGenerator<T> {
  let any = false;
  for await (const item of items) {
    any ||= holdsRows(item);
    yield item;
  }
  if (!any) {
    const message = `no rows in ${path}: the file holds no data row (empty, [], or a CSV header alone). Add rows, or pass --allow-empty to accept an empty batch.`;
    const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `data file ${path}` });
    failure.message = message;
    throw failure;
  }
}

function sourceOf(path: string, extension: string): AsyncGenerator<DataRow> {
  switch (extension) {
    case '.json':
      return jsonRows(path);
    case '.ndjson':
    case '.jsonl':
      return ndjsonRows(path);
    default:
      throw new UsageError(`Cannot tell the format of data file ${path}: use one of ${DATA_FILE_EXTENSIONS.join(', ')}.`);
  }
}
