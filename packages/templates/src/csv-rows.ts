import { Buffer, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { parse, type CsvError } from 'csv-parse';
import { ValidationError, issue } from '@vsynth/core';
import { BatchedRows } from './batched-rows.js';
import { cannotRead } from './cannot-read.js';
import { CsvRecordParser, csvQuoteMessage, type CsvQuoteProblem, type CsvRecord } from './csv-record-parser.js';
import type { DataRow } from './data-row.js';

/** csv-parse's codes for the quote problems (it names an opening quote's without `CSV_`). */
const quoteProblems: Readonly<Record<string, CsvQuoteProblem>> = {
  CSV_QUOTE_NOT_CLOSED: 'unclosed',
  CSV_INVALID_CLOSING_QUOTE: 'closing',
  CSV_INVALID_OPENING_QUOTE: 'opening',
  INVALID_OPENING_QUOTE: 'opening',
};

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
export function csvRows(input: string | Readable, options: CsvRowsOptions = {}): AsyncGenerator<DataRow> {
  return new BatchedRows(csvRowBatches(input, options));
}

/**
 * The rows of `csvRows`, a chunk's worth at a time (the rows of a chunk that cannot be parsed are
 * not yielded; the error names the row after the last one yielded).
 *
 * @example for await (const rows of csvRowBatches('people.csv')) console.log(rows.length);
 */
export async function* csvRowBatches(input: string | Readable, options: CsvRowsOptions = {}): AsyncGenerator<readonly DataRow[]> {
  const name = options.name ?? (typeof input === 'string' ? input : 'CSV');
  const rename = options.rename ?? {};
  const delimiter = options.delimiter ?? ',';
  let header: string[] | undefined;
  const byte = delimiter.length === 1 ? delimiter.charCodeAt(0) : -1;
  const fast = byte >= 0 && byte < 0x80 && byte !== 0x22 && byte !== 0x0a && byte !== 0x0d;
  // csv-parse reads a file 16 KB at a time: the records of one chunk wait until read, and fewer
  // of them live long enough for V8 to move to the old generation (a quarter less promoted
  // garbage than 64 KB). CsvRecordParser reads 64 KB into one reused buffer (a read costs as much
  // CPU as parsing 16 KB; a new 64 KB buffer per read would outlive two scavenges) and parses it
  // in 16 KB pieces, the former chunks.
  const stream = typeof input === 'string' ? (fast ? undefined : createReadStream(input, { highWaterMark: 16 * 1024 })) : input;
  let row = 0;
  try {
    const records = fast
      ? parsedRecords(stream ?? fileChunks(input as string, 64 * 1024), byte, delimiter, name, stream === undefined ? 16 * 1024 : Infinity)
      : csvParseRecords(stream as Readable, delimiter, name);
    for await (const batch of records) {
      const rows: DataRow[] = [];
      for (const { cells, line } of batch) {
        if (header === undefined) {
          header = headerOf(cells, rename, name);
          continue;
        }
        row += 1;
        // As csv-parse builds a record for a header: cells beyond the header are dropped.
        const data: Record<string, string> = {};
        for (let i = 0; i < cells.length && i < header.length; i++) data[header[i] as string] = cells[i] as string;
        // Header names are unique (headerOf), so only the count of cells can differ.
        if (cells.length !== header.length) {
          rows.push({
            row,
            line,
            data,
            issues: [
              issue({
                code: 'row',
                message: `the record ending on line ${line} has a different number of fields than the header (${header.length}); check its quotes and delimiters`,
                path: [],
                row,
              }),
            ],
          });
        } else {
          rows.push(new CsvRow(row, line, data));
        }
      }
      if (rows.length > 0) yield rows;
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const unreadable = cannotRead(name, error);
    if (unreadable !== undefined) throw unreadable;
    const csv = error as CsvError & { lines?: number };
    const problem = Object.hasOwn(quoteProblems, csv.code) ? quoteProblems[csv.code] : undefined;
    // csv-parse's quote errors get the messages of CsvRecordParser's, with the same line.
    const message = problem !== undefined && csv.lines !== undefined ? csvQuoteMessage(problem, csv.lines) : csv.message;
    const where = csv.lines === undefined || message.includes(`line ${csv.lines}`) ? '' : ` near line ${csv.lines}`;
    throw new ValidationError([issue({ code: 'row', message: `${message}${where}`, path: [], row: row + 1 })], { subject: `CSV file ${name}`, cause: error });
  } finally {
    if (typeof input === 'string') stream?.destroy();
  }
}

/**
 * The bytes of a file, `size` at a time, read into one buffer: each chunk is valid until the
 * next is asked for. The file is closed when the reader ends or is returned.
 */
async function* fileChunks(path: string, size: number): AsyncGenerator<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.allocUnsafe(size);
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, size, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * The records of each piece of at most `slice` bytes of each chunk, split by CsvRecordParser
 * (csv-parse's result without its per-byte cost). The records of a piece whose parsing fails are
 * not yielded, as a csv-parse stream drops those it pushed before failing (a file's pieces are its
 * 16 KB reads of before); a UTF-16 byte order mark hands the bytes to csv-parse.
 */
async function* parsedRecords(
  source: Readable | AsyncGenerator<Buffer>,
  byte: number,
  delimiter: string,
  name: string,
  slice: number,
): AsyncGenerator<readonly CsvRecord[]> {
  const parser = new CsvRecordParser(byte);
  const chunks = (source as AsyncIterable<Buffer | string>)[Symbol.asyncIterator]();
  // A file's reader is ours to end (closing the file) when the rows stop early; a caller's stream is not.
  const own = !(source instanceof Readable);
  try {
    yield* parseChunks(parser, chunks, delimiter, name, slice);
  } finally {
    if (own) await chunks.return?.(undefined);
  }
}

async function* parseChunks(
  parser: CsvRecordParser,
  chunks: AsyncIterator<Buffer | string>,
  delimiter: string,
  name: string,
  slice: number,
): AsyncGenerator<readonly CsvRecord[]> {
  let first = true;
  for (;;) {
    const next = await chunks.next();
    const chunk = next.done === true ? undefined : typeof next.value === 'string' ? Buffer.from(next.value) : next.value;
    // A binary file is refused before any of its bytes is parsed (and quoted in a message).
    if (first && chunk !== undefined && typeof next.value !== 'string' && !looksLikeText(chunk.subarray(0, slice))) throw notUtf8Text(name);
    first = false;
    let at = 0;
    do {
      const piece = chunk === undefined || chunk.length - at <= slice ? chunk?.subarray(at) : chunk.subarray(at, at + slice);
      at += slice;
      const out: CsvRecord[] = [];
      if (!parser.parse(piece, piece === undefined, out)) {
        const left = chunk !== undefined && at < chunk.length ? chunk.subarray(at) : undefined;
        yield* csvParseRecords(Readable.from(rest([parser.pending(), left], chunks)), delimiter, name, false);
        return;
      }
      if (out.length > 0) yield out;
    } while (chunk !== undefined && at < chunk.length);
    if (chunk === undefined) return;
  }
}

async function* rest(first: readonly (Buffer | undefined)[], chunks: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer | string> {
  // Copies: csv-parse's stream reads ahead, and a file's chunks share one buffer.
  for (const bytes of first) if (bytes !== undefined) yield Buffer.from(bytes);
  for (let next = await chunks.next(); next.done !== true; next = await chunks.next()) yield typeof next.value === 'string' ? next.value : Buffer.from(next.value);
}

/** The records as csv-parse reads them: for a delimiter of more than one byte, or a UTF-16 file. */
async function* csvParseRecords(source: Readable, delimiter: string, name: string, checkText = true): AsyncGenerator<readonly CsvRecord[]> {
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true });
  // Each record is tagged with the line it ends on as the parser pushes it. csv-parse's `info`
  // option would do that with object spread per record, which leaves garbage in V8's old
  // generation for every record (docs/decisions.md, "Memory of a long batch").
  const push = parser.push.bind(parser);
  parser.push = (cells: string[] | null) => push(cells === null ? null : { cells, line: parser.info.lines });
  source.on('error', (error: Error) => parser.destroy(error));
  // Registered before the pipe so a binary file is refused before the parser sees (and quotes) its bytes.
  if (checkText) {
    source.once('data', (chunk: Buffer | string) => {
      if (typeof chunk !== 'string' && !looksLikeText(chunk)) parser.destroy(notUtf8Text(name));
    });
  }
  source.pipe(parser);
  for await (const record of parser as AsyncIterable<CsvRecord>) yield [record];
}

/**
 * False for a first chunk that is not UTF-8 text: a NUL byte (binary, or UTF-16 as some Windows
 * tools write) or bytes that are not UTF-8. A character cut at the chunk's end is allowed.
 */
function looksLikeText(chunk: Buffer): boolean {
  if (chunk.includes(0)) return false;
  for (let cut = 0; cut < 4 && cut < chunk.length; cut++) if (isUtf8(chunk.subarray(0, chunk.length - cut))) return true;
  return chunk.length === 0;
}

function notUtf8Text(name: string): ValidationError {
  const message = `${name} is not UTF-8 text (a binary file, or UTF-16 as some Windows tools write): give a CSV file saved as UTF-8.`;
  const failure = new ValidationError([issue({ code: 'row', message, path: [] })], { subject: `CSV file ${name}` });
  failure.message = message;
  return failure;
}

/** The header cells, trimmed and renamed; throws a ValidationError for a repeated or empty name. */
function headerOf(cells: readonly string[], rename: Readonly<Record<string, string>>, name: string): string[] {
  const header = cells.map((cell) => {
    const trimmed = cell.trim();
    return Object.hasOwn(rename, trimmed) ? (rename[trimmed] as string) : trimmed;
  });
  const duplicates = header.filter((cell, index) => header.indexOf(cell) !== index);
  const empty = header.findIndex((cell) => cell === '');
  const proto = header.indexOf('__proto__');
  if (proto >= 0) {
    throw new ValidationError([issue({ code: 'row', message: `header cell ${proto + 1} is named "__proto__", which cannot name a column; rename it in the file`, path: [] })], {
      subject: `CSV header of ${name}`,
    });
  }
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
}

/** A row of a chunk, made by a constructor rather than a literal for the reason `ParsedRecord` gives. */
class CsvRow implements DataRow {
  constructor(
    readonly row: number,
    readonly line: number,
    readonly data: Record<string, string>,
  ) {}
}
