import { extname } from 'node:path';
import { UsageError } from '@vsynth/core';
import { csvRows, type CsvRowsOptions } from './csv-rows.js';
import type { DataRow } from './data-row.js';
import { jsonRows } from './json-rows.js';
import { ndjsonRows } from './ndjson-rows.js';

export type RowsFromFileOptions = Omit<CsvRowsOptions, 'name'>;

/** Data file extensions `rowsFromFile` reads. */
export const DATA_FILE_EXTENSIONS = ['.csv', '.tsv', '.json', '.ndjson', '.jsonl'] as const;

/**
 * Picks the row source by extension: `.csv`, `.tsv`, `.json` (array), `.ndjson` / `.jsonl`.
 *
 * @example for await (const { row, data } of rowsFromFile('people.csv')) console.log(row, data);
 */
export function rowsFromFile(path: string, options: RowsFromFileOptions = {}): AsyncGenerator<DataRow> {
  const extension = extname(path).toLowerCase();
  switch (extension) {
    case '.csv':
      return csvRows(path, options);
    case '.tsv':
      return csvRows(path, { delimiter: '\t', ...options });
    case '.json':
      return jsonRows(path);
    case '.ndjson':
    case '.jsonl':
      return ndjsonRows(path);
    default:
      throw new UsageError(`Cannot tell the format of data file ${path}: use one of ${DATA_FILE_EXTENSIONS.join(', ')}.`);
  }
}
