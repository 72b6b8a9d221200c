import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { CsvError, parse, type CsvErrorCode } from 'csv-parse';
import { ValidationError, issue, omitUndefined } from '@vsynth/core';
import { cannotRead } from './cannot-read.js';
import type { DataRow } from './data-row.js';

export interface CsvRowsOptions {
  /** Field delimiter; default `,` (`\t` for files ending in .tsv when read through `rowsFromFile`). */
  readonly delimiter?: string;
  /**
   * Header renames, `{ 'First Name': 'firstName' }`, applied after trimming header cells; a key
   * `#N` renames the Nth cell (1-based), which tells apart two cells of the same name.
   */
  readonly rename?: Readonly<Record<string, string>>;
  /** Name used in messages; default the path, or `CSV` for a stream. */
  readonly name?: string;
}

/**
 * Streams the records of a CSV file (or stream) through csv-parse as rows keyed by the header,
 * empty lines skipped. A record with the wrong number of fields is yielded with an issue; a broken
 * quote, or a file that is not UTF-8 text, throws a ValidationError naming the line.
 *
 * @example
 * for await (const { row, data } of csvRows('people.csv', { rename: { 'First Name': 'firstName' } })) {
 *   console.log(row, data.firstName);
 * }
 */
export async function* csvRows(input: string | Readable, options: CsvRowsOptions = {}): AsyncGenerator<DataRow> {
  const name = options.name ?? (typeof input === 'string' ? input : 'CSV');
  const rename = options.rename ?? {};
  const lines = new LineCounter();
  // Reads of 4 KB: csv-parse pushes a chunk's records all at once, and records that wait long enough to
  // outlive a young-generation collection swell the old one (peak memory of a large dry run).
  const source = typeof input === 'string' ? createReadStream(input, { highWaterMark: 4 * 1024 }) : input;
  try {
    const parser = parse({
      bom: true,
      delimiter: options.delimiter ?? ',',
      relax_column_count: true,
      skip_empty_lines: true,
    });
    // Each record is tagged with its line as csv-parse pushes it, while `parser.info` counts the empty
    // lines before it.
    const push = parser.push.bind(parser);
    parser.push = (cells: string[] | null) =>
      push(cells === null ? null : { cells, line: lines.endOf(cells, parser.info.empty_lines) });
    source.on('error', (error: Error) => parser.destroy(error));
    // Registered before the pipe so a binary file is refused before the parser sees (and quotes) its bytes.
    source.once('data', (chunk: Buffer | string) => {
      if (typeof chunk === 'string' || isUtf8Text(chunk)) return;
      source.unpipe(parser);
      parser.destroy(notUtf8Text(name));
    });
    source.pipe(parser);
    let header: string[] | undefined;
    let row = 0;
    for await (const { cells, line } of parser as AsyncIterable<{ cells: string[]; line: number }>) {
      if (header === undefined) header = headerOf(cells, rename, name);
      else yield dataRow(cells, header, ++row, line);
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    throw cannotRead(name, error) ?? syntaxError(error, name, lines);
  } finally {
    // A file is ours to close when the rows stop early; a caller's stream is left to the caller.
    if (typeof input === 'string') source.destroy();
  }
}

/** Counts record lines from their cells: csv-parse's `info.lines` counts a quoted CRLF as two lines. */
class LineCounter {
  private line = 0;
  private emptyLines = 0;

  /** The line the next record starts on, given csv-parse's count of empty lines so far. */
  startOf(emptyLines: number): number {
    return this.line + 1 + emptyLines - this.emptyLines;
  }

  /** The line the record just read ends on. */
  endOf(cells: readonly string[], emptyLines: number): number {
    this.line = this.startOf(emptyLines) + lineBreaks(cells);
    this.emptyLines = emptyLines;
    return this.line;
  }
}

const LINE_BREAK = /\r\n|\r|\n/g;

function lineBreaks(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) count += cell.match(LINE_BREAK)?.length ?? 0;
  return count;
}

/** The row for a record; one whose number of fields is not the header's is yielded with an issue. */
function dataRow(cells: readonly string[], header: readonly string[], row: number, line: number): DataRow {
  // As csv-parse builds a record for a header: cells beyond the header are dropped.
  const data: Record<string, string> = {};
  for (let i = 0; i < cells.length && i < header.length; i++) data[header[i] as string] = cells[i] as string;
  if (cells.length === header.length) return { row, line, data };
  const found = `${cells.length} field${cells.length === 1 ? '' : 's'}`;
  const message =
    `the record ending on line ${line} has ${found} where the header has ${header.length}` +
    '; check its quotes and delimiters';
  return { row, line, data, issues: [issue({ code: 'row', message, path: [], row })] };
}

/** What is wrong, for csv-parse's errors about quotes. */
const quoteProblems: Partial<Record<CsvErrorCode, string>> = {
  CSV_QUOTE_NOT_CLOSED:
    'a quoted field is never closed: the file ends inside it; add its closing quote (") or remove the opening one',
  CSV_INVALID_CLOSING_QUOTE:
    'a quoted field goes on after its closing quote: put the delimiter or the line end right after that quote, ' +
    'and write a quote inside the field as ""',
  INVALID_OPENING_QUOTE:
    'a quote inside an unquoted field: quote the whole field and double the quotes inside it ("say ""hi"""), ' +
    'or remove the quote',
};

/**
 * The ValidationError for a file csv-parse could not parse, naming the line where the broken
 * record starts and its row (none for the header).
 */
function syntaxError(error: unknown, name: string, lines: LineCounter): unknown {
  if (!(error instanceof CsvError)) return error;
  const { empty_lines: emptyLines, records } = error;
  const where = typeof emptyLines === 'number' ? `in the record starting on line ${lines.startOf(emptyLines)}, ` : '';
  const message = `${where}${quoteProblems[error.code] ?? error.message}`;
  // `records` counts the header: it is the number of the row that broke, 0 for the header.
  const row = typeof records === 'number' && records > 0 ? records : undefined;
  return new ValidationError([issue({ code: 'row', message, path: [], ...omitUndefined({ row }) })], {
    subject: `CSV file ${name}`,
    cause: error,
  });
}

/**
 * False for a first chunk that is not UTF-8 text: a NUL byte (binary, or UTF-16 as some Windows
 * tools write) or bytes that are not UTF-8. A character cut at the chunk's end is allowed.
 */
function isUtf8Text(chunk: Buffer): boolean {
  if (chunk.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(chunk, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function notUtf8Text(name: string): ValidationError {
  const message =
    `${name} is not UTF-8 text (a binary file, or UTF-16 as some Windows tools write): ` +
    'give a CSV file saved as UTF-8.';
  const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `CSV file ${name}` });
  failure.message = message;
  return failure;
}

/** The header cells, trimmed and renamed; throws a ValidationError for a repeated or empty name. */
function headerOf(cells: readonly string[], rename: Readonly<Record<string, string>>, name: string): string[] {
  const fail = (message: string) =>
    new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `CSV header of ${name}` });
  const trimmed = cells.map((cell) => cell.trim());
  for (const key of Object.keys(rename)) {
    const position = /^#(\d+)$/.exec(key)?.[1];
    if (position !== undefined && (Number(position) < 1 || Number(position) > trimmed.length))
      throw fail(
        `a rename names header cell ${key}, but the header has ${trimmed.length} cells (#1 to #${trimmed.length})`,
      );
    const matches = positionsOf(trimmed, key);
    if (position === undefined && matches.length > 1) {
      const last = matches[matches.length - 1]!;
      throw fail(
        `a rename of "${key}" matches header cells ${listPositions(matches)}; rename one by its position instead (--rename "#${last}=${rename[key]}")`,
      );
    }
  }
  const header = trimmed.map((cell, index) => {
    const byPosition = rename[`#${index + 1}`];
    if (byPosition !== undefined) return byPosition;
    return Object.hasOwn(rename, cell) ? (rename[cell] as string) : cell;
  });
  const proto = header.indexOf('__proto__');
  // A column named __proto__ would set the prototype of every row object.
  if (proto >= 0) {
    throw fail(`header cell ${proto + 1} is named "__proto__", which cannot name a column; rename it in the file`);
  }
  const repeated = [...new Set(header.filter((cell, index) => header.indexOf(cell) !== index))];
  if (repeated.length > 0) {
    const names = repeated.map((cell) => `"${cell}" (cells ${listPositions(positionsOf(header, cell))})`).join(', ');
    const [first] = repeated;
    const last = positionsOf(header, first!).at(-1)!;
    throw fail(
      `the header names ${names} more than once; rename one by its position (--rename "#${last}=${first}2") or by name (--rename "Old=new")`,
    );
  }
  const empty = header.indexOf('');
  if (empty >= 0) throw fail(`header cell ${empty + 1} is empty; name every column (--rename "#${empty + 1}=name")`);
  return header;
}

/** The 1-based positions of `cell` in `header`. */
function positionsOf(header: readonly string[], cell: string): number[] {
  return header.flatMap((name, index) => (name === cell ? [index + 1] : []));
}

/** `2 and 5`, `2, 5 and 7`. */
function listPositions(positions: readonly number[]): string {
  return positions.length === 1
    ? String(positions[0])
    : `${positions.slice(0, -1).join(', ')} and ${positions[positions.length - 1]}`;
}
