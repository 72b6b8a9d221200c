import { Buffer } from 'node:buffer';

/** One CSV record and the line it ends on (1-based, as csv-parse's `info.lines` counts). */
export interface CsvRecord {
  readonly cells: string[];
  readonly line: number;
}

/** A CSV syntax error, worded as csv-parse words it (`Quote Not Closed: … at line 3`). */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly lines: number,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 0x22;
const CR = 0x0d;
const NL = 0x0a;
/** Record delimiters, found on the first line end outside quotes: 0 not yet, then one of these. */
const CRLF = 1;
const LF = 2;
const CR_ONLY = 3;

/**
 * Splits CSV bytes into records exactly as csv-parse 6 does with the options `csvRows` uses
 * (`bom`, a one-byte `delimiter`, `relax_column_count`, `skip_empty_lines`, quote and escape
 * `"`, record delimiter found on the first line end), without its per-byte method calls or a
 * stream per record: same cells, same line numbers, same error messages at the same point.
 * Like csv-parse it holds back the last bytes of a chunk until the next one shows what they
 * are, so a record is reported by the same `parse` call as csv-parse's `_transform` would.
 * A UTF-16 byte order mark is not handled: `parse` returns false and `pending()` holds the
 * bytes read so far, for csv-parse to take over.
 *
 * @example
 * const parser = new CsvRecordParser(0x2c);
 * const out: CsvRecord[] = [];
 * parser.parse(Buffer.from('a,b\n"1,5",2\n'), false, out);
 * parser.parse(undefined, true, out); // out: [{ cells: ['a', 'b'], line: 1 }, { cells: ['1,5', '2'], line: 2 }]
 */
export class CsvRecordParser {
  private previous: Buffer | undefined;
  private bomChecked = false;
  private lines = 1;
  private delimiterOfRecords = 0;
  private quoting = false;
  private wasQuoting = false;
  private escaping = false;
  private wasRowDelimiter = false;
  private record: string[] = [];
  /** Bytes of the current field from earlier runs (a doubled quote or a chunk end cut them). */
  private parts: Buffer[] | undefined;
  private partsLength = 0;
  /** The current buffer as Latin-1 text, made on the first ASCII field taken from it. */
  private text: string | undefined;

  /** `delimiter`: one byte other than `"`, CR and LF. */
  constructor(private readonly delimiter: number) {
    if (delimiter === QUOTE || delimiter === CR || delimiter === NL || !(delimiter >= 0 && delimiter < 0x80)) {
      throw new RangeError(`CsvRecordParser needs a one-byte ASCII delimiter other than '"', CR and LF; received ${delimiter}.`);
    }
  }

  /** Bytes received but not parsed (before the byte order mark could be checked). */
  pending(): Buffer | undefined {
    return this.previous;
  }

  /**
   * Parses `chunk` (undefined at the end) and appends the records it completes to `out`; keeps
   * no reference to `chunk`, which may be reused. Throws a CsvSyntaxError; returns false,
   * consuming nothing, for a UTF-16 byte order mark.
   */
  parse(chunk: Buffer | undefined, end: boolean, out: CsvRecord[]): boolean {
    let buf: Buffer;
    if (this.previous === undefined) {
      if (chunk === undefined) return true;
      buf = chunk;
    } else buf = chunk === undefined ? this.previous : Buffer.concat([this.previous, chunk]);
    this.previous = undefined;
    if (!this.bomChecked) {
      if (buf.length < 3) {
        if (!end) {
          this.previous = Buffer.from(buf);
          return true;
        }
      } else {
        if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) buf = buf.subarray(3);
        else if (buf[0] === 0xff && buf[1] === 0xfe) {
          this.previous = Buffer.from(buf);
          return false;
        }
        this.bomChecked = true;
      }
    }
    this.text = undefined;
    const length = buf.length;
    const delimiter = this.delimiter;
    /** The current run of field bytes in `buf`: [run, runEnd), run -1 for none. */
    let run = -1;
    let runEnd = -1;
    /** Bytes at or above 0x80 in the run (then it is decoded as UTF-8, else sliced from Latin-1 text). */
    let high = 0;
    let pos = 0;
    // Bytes before `body` have at least 3 bytes after them: none waits for the next chunk.
    const body = end ? length : length - 3;
    for (; pos < length; pos++) {
      if (pos < body && !this.wasRowDelimiter && !this.escaping) {
        // Most bytes are text: extend the field's run, as the full steps below would.
        let chr = buf[pos] as number;
        if (chr !== QUOTE && chr !== NL && chr !== CR && chr !== delimiter) {
          if (run < 0) run = pos;
          else if (runEnd !== pos) {
            this.keep(buf, run, runEnd);
            run = pos;
          }
          let next = pos + 1;
          high |= chr;
          for (; next < body; next++) {
            chr = buf[next] as number;
            if (chr === QUOTE || chr === NL || chr === CR || chr === delimiter) break;
            high |= chr;
          }
          runEnd = next;
          pos = next - 1;
          continue;
        }
      }
      if (!end) {
        // csv-parse's __needMoreData: keep enough bytes ahead to tell a delimiter, a doubled quote or a line end.
        const rd = this.delimiterOfRecords;
        const ahead = rd === 0 ? 2 : this.quoting ? (rd === CRLF ? 3 : 2) : rd === CRLF ? 2 : 1;
        if (length - pos - 1 < ahead) break;
      }
      if (this.wasRowDelimiter) {
        this.lines += 1;
        this.wasRowDelimiter = false;
      }
      if (!this.quoting && this.delimiterOfRecords === 0) this.discover(buf, pos);
      const chr = buf[pos] as number;
      if (chr === CR || chr === NL) this.wasRowDelimiter = true;
      if (this.escaping) this.escaping = false;
      else {
        if (chr === QUOTE) {
          if (this.quoting) {
            if (pos + 1 < length && buf[pos + 1] === QUOTE) {
              // The first quote of a doubled quote: skipped, the second is kept.
              this.escaping = true;
              continue;
            }
            const next = buf[pos + 1];
            const isRecordDelimiter = this.delimiterOfRecords === 0 ? this.discover(buf, pos + 1) : this.recordDelimiterAt(buf, pos + 1);
            if (next === undefined || next === 0 || next === delimiter || isRecordDelimiter !== 0) {
              this.quoting = false;
              this.wasQuoting = true;
              continue;
            }
            throw new CsvSyntaxError(
              `Invalid Closing Quote: got "${String.fromCharCode(next)}" at line ${this.lines} instead of delimiter, record delimiter, trimable character (if activated) or comment`,
              this.lines,
            );
          }
          if (run >= 0 || this.partsLength > 0) throw this.openingQuoteError(buf, run, runEnd);
          this.quoting = true;
          continue;
        }
        if (!this.quoting) {
          const rdLength = chr === CR || chr === NL ? this.recordDelimiterAt(buf, pos) : 0;
          if (rdLength !== 0) {
            if (!this.wasQuoting && this.record.length === 0 && run < 0 && this.partsLength === 0) {
              pos += rdLength - 1; // skip_empty_lines
              continue;
            }
            this.record.push(this.field(buf, run, runEnd, high));
            run = -1;
            high = 0;
            out.push({ cells: this.record, line: this.lines });
            this.record = [];
            pos += rdLength - 1;
            continue;
          }
          if (chr === delimiter) {
            this.record.push(this.field(buf, run, runEnd, high));
            run = -1;
            high = 0;
            continue;
          }
        }
      }
      if (run < 0) run = pos;
      else if (runEnd !== pos) {
        // A skipped quote ended the run: keep it aside, start another.
        this.keep(buf, run, runEnd);
        run = pos;
      }
      runEnd = pos + 1;
      high |= chr;
    }
    if (end) {
      if (this.quoting) throw new CsvSyntaxError(`Quote Not Closed: the parsing is finished with an opening quote at line ${this.lines}`, this.lines);
      if (this.wasQuoting || this.record.length !== 0 || run >= 0 || this.partsLength !== 0) {
        this.record.push(this.field(buf, run, runEnd, high));
        out.push({ cells: this.record, line: this.lines });
        this.record = [];
      }
    } else {
      if (run >= 0) this.keep(buf, run, runEnd);
      if (pos < length) this.previous = Buffer.from(buf.subarray(pos)); // a copy: the caller may reuse `chunk`
    }
    if (this.wasRowDelimiter) {
      this.lines += 1;
      this.wasRowDelimiter = false;
    }
    return true;
  }

  /** The field (kept parts, then the run [run, end) of `buf`), decoded as UTF-8; resets the field. */
  private field(buf: Buffer, run: number, end: number, high: number): string {
    this.wasQuoting = false;
    if (this.parts === undefined) {
      if (run < 0) return '';
      if ((high & 0x80) !== 0) return buf.toString('utf8', run, end);
      const text = (this.text ??= buf.toString('latin1'));
      return text.slice(run, end);
    }
    if (run >= 0) this.keep(buf, run, end);
    const bytes = Buffer.concat(this.parts, this.partsLength);
    this.parts = undefined;
    this.partsLength = 0;
    return bytes.toString('utf8');
  }

  /** Copies a run of field bytes aside: the bytes after it are not part of the field, or `buf` goes away. */
  private keep(buf: Buffer, start: number, end: number): void {
    if (end <= start) return;
    (this.parts ??= []).push(Buffer.from(buf.subarray(start, end)));
    this.partsLength += end - start;
  }

  /** csv-parse's auto discovery: the first CRLF, LF or CR outside quotes fixes the record delimiter. */
  private discover(buf: Buffer, pos: number): number {
    const chr = buf[pos];
    if (chr === CR && buf[pos + 1] === NL) this.delimiterOfRecords = CRLF;
    else if (chr === NL) this.delimiterOfRecords = LF;
    else if (chr === CR) this.delimiterOfRecords = CR_ONLY;
    else return 0;
    return this.delimiterOfRecords === CRLF ? 2 : 1;
  }

  private recordDelimiterAt(buf: Buffer, pos: number): number {
    const rd = this.delimiterOfRecords;
    const chr = buf[pos];
    if (rd === LF) return chr === NL ? 1 : 0;
    if (rd === CRLF) return chr === CR && buf[pos + 1] === NL ? 2 : 0;
    if (rd === CR_ONLY) return chr === CR ? 1 : 0;
    return 0;
  }

  private openingQuoteError(buf: Buffer, run: number, runEnd: number): CsvSyntaxError {
    const bytes = Buffer.concat([...(this.parts ?? []), ...(run >= 0 ? [buf.subarray(run, runEnd)] : [])]);
    const bom = bytes.equals(UTF8_BOM) ? ' (utf8 bom)' : bytes.equals(UTF16LE_BOM) ? ' (utf16le bom)' : '';
    return new CsvSyntaxError(
      `Invalid Opening Quote: a quote is found on field ${this.record.length} at line ${this.lines}, value is ${JSON.stringify(bytes.toString('utf8'))}${bom}`,
      this.lines,
    );
  }
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const UTF16LE_BOM = Buffer.from([0xff, 0xfe]);
