import { readFile } from 'node:fs/promises';
import { ValidationError, issue } from '@vsynth/core';
import { cannotRead } from './cannot-read.js';
import type { DataRow } from './data-row.js';
import { toDataRow } from './to-data-row.js';

/**
 * Reads a JSON file holding an array of row objects. The file is parsed whole (JSON arrays
 * cannot be split safely without a streaming parser); for large data prefer NDJSON.
 *
 * @example for await (const { row, data } of jsonRows('people.json')) console.log(row, data);
 */
export async function* jsonRows(path: string): AsyncGenerator<DataRow> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw cannotRead(path, error) ?? error;
  }
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new ValidationError([issue({ code: 'row', message: `not JSON: ${(error as Error).message}`, path: [] })], { subject: `JSON data file ${path}` });
  }
  if (!Array.isArray(value)) {
    throw new ValidationError([issue({ code: 'invalid_type', message: 'expected an array of row objects', path: [] })], { subject: `JSON data file ${path}` });
  }
  let row = 0;
  for (const item of value) {
    row += 1;
    yield toDataRow(item, row);
  }
}
