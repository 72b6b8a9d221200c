import { Buffer } from 'node:buffer';

/** One CSV record and the line it ends on (1-based, as csv-parse's `info.lines` counts). */
export interface CsvRecord {
  readonly cells: string[];
  readonly line: number;
}

/** What is wrong with a file's quotes. */
export type CsvQuoteProblem = 'unclosed' | 'closing' | 'opening';

/**
 * The message for a quote problem found on `line`; csvRows gives the same for csv-parse's errors.
 *
 * @example csvQuoteMessage('opening', 3) // 'a quote inside an unquoted field on line 3: …'
 */
export function csvQuoteMessage(problem: CsvQuoteProblem, line: number): string {
  switch (problem) {
    case 'unclosed':
      return `a quoted field is never closed: the file ends inside it, on line ${line}; add its closing quote (") or remove the opening one`;
    case 'closing':
      return `a quoted field on line ${line} goes on after its closing quote: put the delimiter or the line end right after that quote, and write a quote inside the field as ""`;
    case 'opening':
      return `a quote inside an unquoted field on line ${line}: quote the whole field and double the quotes inside it ("say ""hi"""), or remove the quote`;
  }
}

/** A CSV syntax error: which quote problem, and the line counted when it was found. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly problem: CsvQuoteProblem,
    readonly lines: number,
  ) {
    super(csvQuoteMessage(problem, lines));
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

// The line end that ends records: unknown until the first one outside quotes.
const UNKNOWN = 0;
const LF_END = 1;
const CR_END = 2;
const CRLF_END = 3;

/**
 * The end of the bytes of `length` that may be read: as csv-parse, a byte is read once the chunk
 * also holds the longest token that may start with it or right after it (outside quotes a CRLF,
 * which an unknown line end may be; inside quotes a doubled quote, or a closing quote and the
 * line end after it).
 */
function readable(length: number, end: boolean, lineEnd: number, quoted: boolean): number {
  if (end) return length;
  if (quoted) return length - (lineEnd === CRLF_END ? 3 : 2);
  return length - (lineEnd === CRLF_END || lineEnd === UNKNOWN ? 2 : 1);
}

/** The length of the record end at `at` in `bytes`, 0 if none; `lineEnd` known. */
function recordEndAt(bytes: Buffer, at: number, lineEnd: number): number {
  const byte = bytes[at];
  if (lineEnd === LF_END) return byte === LF ? 1 : 0;
  if (lineEnd === CR_END) return byte === CR ? 1 : 0;
  return byte === CR && at + 1 < bytes.length && bytes[at + 1] === LF ? 2 : 0;
}

/** The line end that a CR or LF at `at` makes the record end. */
function lineEndAt(bytes: Buffer, at: number): number {
  return bytes[at] === LF ? LF_END : at + 1 < bytes.length && bytes[at + 1] === LF ? CRLF_END : CR_END;
}

/**
 * Splits CSV bytes (UTF-8, RFC 4180 quoting) into records, with the options csvRows uses:
 * a one-byte delimiter, `"` to quote and to escape a quote, the first CRLF, LF or CR outside
 * quotes as the record end, any number of cells per record, empty lines skipped and a UTF-8
 * byte order mark dropped. Checked against csv-parse (its tests compare every call): same
 * cells, same line numbers, and a record or an error comes out of the same `parse` call as
 * from csv-parse, because a byte is only read once the chunk holds the bytes that may follow it
 * in one token (a CRLF, a doubled or closing quote and the line end after it); the rest waits
 * for the next chunk. A UTF-16 byte order mark is not handled: `parse` returns false and
 * `pending()` holds the bytes received, for csv-parse to take over.
 *
 * @example
 * const parser = new CsvRecordParser(0x2c);
 * const out: CsvRecord[] = [];
 * parser.parse(Buffer.from('a,b\n"1,5",2\n'), false, out);
 * parser.parse(undefined, true, out); // out: [{ cells: ['a', 'b'], line: 1 }, { cells: ['1,5', '2'], line: 2 }]
 */
export class CsvRecordParser {
  /** Bytes of the unfinished record (from its first byte), kept between calls; grows by doubling. */
  private held = Buffer.alloc(0);
  private heldLength = 0;
  private bomChecked = false;
  private lineEnd = UNKNOWN;
  /** The line being read (csv-parse's count: every CR and LF, a CRLF record end once). */
  private line = 1;
  /** Where the unfinished record's scan stopped (this and `fieldStart`: offsets from its first byte). */
  private resumeAt = 0;
  /** The unfinished record's cells; one array, reused: each record gets a copy (see ParsedRecord). */
  private cells: string[] = [];
  private fieldStart = 0;
  private inQuotes = false;
  /** The text of a quoted field before its doubled quotes, each part ending with one `"`. */
  private parts = '';
  /** The current field's bytes OR-ed so far: below 0x80 for ASCII. */
  private bits = 0;
  /** The field before `resumeAt` was quoted and is closed: a delimiter or line end must follow. */
  private closed = false;
  private text: string | undefined;

  /** `delimiter`: one byte other than `"`, CR and LF. */
  constructor(private readonly delimiter: number) {}

  /** Bytes received but not parsed (before the byte order mark could be checked). */
  pending(): Buffer | undefined {
    return this.heldLength === 0 ? undefined : Buffer.from(this.held.subarray(0, this.heldLength));
  }

  /**
   * Parses `chunk` (undefined at the end) and appends the records it completes to `out`; keeps
   * no reference to `chunk`, which may be reused. Throws a CsvSyntaxError; returns false,
   * consuming nothing, for a UTF-16 byte order mark.
   */
  parse(chunk: Buffer | undefined, end: boolean, out: CsvRecord[]): boolean {
    let bytes: Buffer;
    if (this.heldLength === 0 && chunk !== undefined) bytes = chunk;
    else {
      if (chunk !== undefined) this.hold(chunk, 0, chunk.length);
      bytes = this.held.subarray(0, this.heldLength);
    }
    let from = 0;
    if (!this.bomChecked) {
      if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
        if (bytes === chunk) this.hold(bytes, 0, bytes.length);
        return false;
      }
      if (bytes.length < 3 && !end) {
        if (bytes === chunk) this.hold(bytes, 0, bytes.length);
        return true;
      }
      this.bomChecked = true;
      if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) from = 3;
    }
    const stop = this.scan(bytes, from, end, out);
    if (bytes === chunk) {
      this.heldLength = 0;
      this.hold(bytes, stop, bytes.length);
    } else {
      this.held.copyWithin(0, stop, this.heldLength);
      this.heldLength -= stop;
    }
    return true;
  }

  /** Bytes [from, to) of `bytes` (the ones `scan` reads) as text; `bits` below 0x80 says they are ASCII. */
  private field(bytes: Buffer, from: number, to: number, bits: number): string {
    if (bits >= 0x80) return bytes.toString('utf8', from, to);
    // One string for the bytes a scan reads, cut into its ASCII fields: cheaper than one decode each.
    this.text ??= bytes.toString('latin1');
    return this.text.substring(from, to);
  }

  /** Appends bytes [from, to) of `bytes` to `held`. */
  private hold(bytes: Buffer, from: number, to: number): void {
    const length = this.heldLength + to - from;
    if (length > this.held.length) {
      const bigger = Buffer.allocUnsafe(Math.max(length, this.held.length * 2, 256));
      this.held.copy(bigger, 0, 0, this.heldLength);
      this.held = bigger;
    }
    bytes.copy(this.held, this.heldLength, from, to);
    this.heldLength = length;
  }

  /**
   * Reads the records of `bytes` from `from` (or from where the unfinished record's scan
   * stopped) and returns where the unfinished record starts; its scan state is kept relative
   * to that offset.
   */
  private scan(bytes: Buffer, from: number, end: boolean, out: CsvRecord[]): number {
    const length = bytes.length;
    const delimiter = this.delimiter;
    let recordStart = from;
    let i = from + this.resumeAt;
    let cells = this.cells;
    let fieldStart = from + this.fieldStart;
    let inQuotes = this.inQuotes;
    let closed = this.closed;
    let parts = this.parts;
    let line = this.line;
    let lineEnd = this.lineEnd;
    let bits = this.bits;
    this.text = undefined;
    let plainLimit = readable(length, end, lineEnd, false);
    let quotedLimit = readable(length, end, lineEnd, true);
    for (;;) {
      if (inQuotes) {
        for (;;) {
          if (i >= quotedLimit) {
            if (end) throw new CsvSyntaxError('unclosed', line);
            break;
          }
          const byte = bytes[i] as number;
          if (byte === QUOTE) {
            const escaped = i + 1 < length && bytes[i + 1] === QUOTE;
            parts += this.field(bytes, fieldStart, escaped ? i + 1 : i, bits);
            bits = 0;
            if (escaped) {
              fieldStart = i += 2;
              continue;
            }
            // The byte after a closing quote is checked (and fixes the line end) with the quote.
            if (i + 1 < length) {
              const next = bytes[i + 1] as number;
              if (lineEnd === UNKNOWN && (next === CR || next === LF)) {
                lineEnd = lineEndAt(bytes, i + 1);
                plainLimit = readable(length, end, lineEnd, false);
                quotedLimit = readable(length, end, lineEnd, true);
              }
              if (next !== delimiter && next !== 0 && recordEndAt(bytes, i + 1, lineEnd) === 0) throw new CsvSyntaxError('closing', line);
            }
            cells.push(parts);
            parts = '';
            inQuotes = false;
            closed = true;
            i += 1;
            break;
          }
          // csv-parse counts every CR and LF in a field but one that is the data's last byte.
          if ((byte === CR || byte === LF) && i + 1 < length) line += 1;
          bits |= byte;
          i += 1;
        }
        if (inQuotes) break;
      }
      if (i >= plainLimit) {
        if (end) {
          if (closed || i > fieldStart || cells.length > 0) {
            if (!closed) cells.push(parts + this.field(bytes, fieldStart, i, bits));
            parts = '';
            out.push(new ParsedRecord(cells.slice(), line));
            cells.length = 0;
          }
          closed = false;
          recordStart = fieldStart = i;
        }
        break;
      }
      let byte = bytes[i] as number;
      if (byte === delimiter) {
        if (!closed) cells.push(parts + this.field(bytes, fieldStart, i, bits));
        parts = '';
        closed = false;
        bits = 0;
        fieldStart = i += 1;
        continue;
      }
      if (byte === CR || byte === LF) {
        if (lineEnd === UNKNOWN) {
          lineEnd = lineEndAt(bytes, i);
          plainLimit = readable(length, end, lineEnd, false);
          quotedLimit = readable(length, end, lineEnd, true);
        }
        const size = recordEndAt(bytes, i, lineEnd);
        if (size > 0) {
          if (closed || i > fieldStart || cells.length > 0) {
            if (!closed) cells.push(parts + this.field(bytes, fieldStart, i, bits));
            parts = '';
            out.push(new ParsedRecord(cells.slice(), line));
            cells.length = 0;
          }
          closed = false;
          bits = 0;
          line += 1;
          recordStart = fieldStart = i += size;
          continue;
        }
      }
      if (closed) {
        // csv-parse reads on after a NUL byte: the field goes on unquoted.
        if (byte !== 0) throw new CsvSyntaxError('closing', line);
        parts = cells.pop() as string;
        closed = false;
        fieldStart = i;
      }
      if (byte === QUOTE) {
        if (i > fieldStart) throw new CsvSyntaxError('opening', line);
        inQuotes = true;
        fieldStart = i += 1;
        continue;
      }
      // A byte of an unquoted field, then the run of plain bytes after it.
      for (;;) {
        if ((byte === CR || byte === LF) && i + 1 < length) line += 1;
        bits |= byte;
        i += 1;
        if (i >= plainLimit) break;
        byte = bytes[i] as number;
        if (byte === delimiter || byte === QUOTE || byte === CR || byte === LF) break;
      }
    }
    this.resumeAt = i - recordStart;
    this.fieldStart = fieldStart - recordStart;
    this.cells = cells;
    this.inQuotes = inQuotes;
    this.parts = parts;
    this.bits = bits;
    this.closed = closed;
    this.line = line;
    this.lineEnd = lineEnd;
    this.text = undefined;
    return recordStart;
  }
}

/**
 * A record as `scan` makes it. Records, and their cells, are not made by object and array literals:
 * a chunk's few hundred records all live at once, and V8 may then tenure a literal's allocation site,
 * after which every later record (and every cell string it holds) goes straight to the old generation.
 * Objects made by a constructor, and copies made by `slice`, are not tracked that way.
 */
class ParsedRecord implements CsvRecord {
  constructor(
    readonly cells: string[],
    readonly line: number,
  ) {}
}
