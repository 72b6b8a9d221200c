import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { ValidationError, issue } from '@vsynth/core';
import { cannotRead } from './cannot-read.js';
import type { DataRow } from './data-row.js';

export interface CsvRowsOptions {
  /** Field delimiter; default `,` (`\t` for files ending in .tsv when read through `rowsFromFile`). */
  readonly delimiter?: string;
  /** Header renames, `{ 'First Name': 'firstName' }`, applied after trimming header cells. */
  readonly rename?: Readonly<Record<string, string>>;
  /** Name used in messages; default the path, or `CSV` for a stream. */
  readonly name?: string;
}

/**
 * Streams the records of a CSV file (or stream) as rows keyed by the header. Handles a UTF-8
 * BOM, quoted fields with delimiters, doubled quotes and embedded newlines, and CRLF. A record
 * with more or fewer fields than the header is yielded with an issue; a file that cannot be
 * parsed (an unclosed quote) throws a ValidationError naming the line.
 *
 * @example
 * for await (const { row, data } of csvRows('people.csv', { rename: { 'First Name': 'firstName' } })) {
 *   console.log(row, data.firstName);
 * }
 */
export async function* csvRows(input: string | Readable, options: CsvRowsOptions = {}): AsyncGenerator<DataRow> {
  const name = options.name ?? (typeof input === 'string' ? input : 'CSV');
  const rename = options.rename ?? {};
  let header: string[] = [];
  const parser = parse({
    bom: true,
    delimiter: options.delimiter ?? ',',
    relax_column_count: true,
    skip_empty_lines: true,
    info: true,
    columns: (cells: string[]) => {
      header = cells.map((cell) => {
        const trimmed = cell.trim();
        return rename[trimmed] ?? trimmed;
      });
      const duplicates = header.filter((cell, index) => header.indexOf(cell) !== index);
      const empty = header.findIndex((cell) => cell === '');
      if (duplicates.length > 0 || empty >= 0) {
        throw new ValidationError(
          [
            issue({
              code: 'row',
              message:
                duplicates.length > 0
                  ? `the header names ${[...new Set(duplicates)].map((d) => `"${d}"`).join(', ')} more than once; rename one (--rename "Old=new")`
                  : `header cell ${empty + 1} is empty; name every column`,
              path: [],
            }),
          ],
          { subject: `CSV header of ${name}` },
        );
      }
      return header;
    },
  });
  const source = typeof input === 'string' ? createReadStream(input) : input;
  source.on('error', (error: Error) => parser.destroy(error));
  source.pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<{ record: Record<string, string>; info: { lines: number; error?: unknown } }>) {
      row += 1;
      const fields = Object.keys(record.record).length;
      const line = record.info.lines;
      if (record.info.error !== undefined || fields !== header.length) {
        yield {
          row,
          line,
          data: record.record,
          issues: [
            issue({
              code: 'row',
              message: `the record ending on line ${line} has a different number of fields than the header (${header.length}); check its quotes and delimiters`,
              path: [],
              row,
            }),
          ],
        };
      } else {
        yield { row, line, data: record.record };
      }
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const unreadable = cannotRead(name, error);
    if (unreadable !== undefined) throw unreadable;
    const csv = error as CsvError & { lines?: number };
    const where = csv.lines === undefined || csv.message.includes(`line ${csv.lines}`) ? '' : ` near line ${csv.lines}`;
    throw new ValidationError([issue({ code: 'row', message: `${csv.message}${where}`, path: [], row: row + 1 })], { subject: `CSV file ${name}`, cause: error });
  } finally {
    if (typeof input === 'string') source.destroy();
  }
}
