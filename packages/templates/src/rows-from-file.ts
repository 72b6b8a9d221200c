import { extname } from 'node:path';
import { UsageError, ValidationError, issue } from '@vsynth/core';
import { csvRows, type CsvRowsOptions } from './csv-rows.js';
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
  const rows = sourceOf(path, extname(path).toLowerCase(), rest);
  return allowEmpty ? rows : notEmpty(rows, path);
}

async function* notEmpty(rows: AsyncGenerator<DataRow>, path: string): AsyncGenerator<DataRow> {
  let any = false;
  for await (const row of rows) {
    any = true;
    yield row;
  }
  if (!any) {
    const message =
      `no rows in ${path}: the file holds no data row (empty, [], or a CSV header alone). ` +
      'Add rows, or pass --allow-empty to accept an empty batch.';
    const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `data file ${path}` });
    failure.message = message;
    throw failure;
  }
}

function sourceOf(path: string, extension: string, csv: CsvRowsOptions): AsyncGenerator<DataRow> {
  switch (extension) {
    case '.csv':
      return csvRows(path, csv);
    case '.tsv':
      return csvRows(path, { delimiter: '\t', ...csv });
    case '.json':
      return jsonRows(path);
    case '.ndjson':
    case '.jsonl':
      return ndjsonRows(path);
    default:
      throw new UsageError(
        `Cannot tell the format of data file ${path}: use one of ${DATA_FILE_EXTENSIONS.join(', ')}.`,
      );
  }
}
