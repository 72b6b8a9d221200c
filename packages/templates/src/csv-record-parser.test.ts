import { Buffer } from 'node:buffer';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvRecordParser, CsvSyntaxError, csvQuoteMessage, type CsvQuoteProblem, type CsvRecord } from './csv-record-parser.js';
import { csvRows } from './csv-rows.js';
import type { DataRow } from './data-row.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-csv-pieces-');

/** One parse call's outcome: the records it completed, or the kind of error it failed with and its line. */
type Call = { records: CsvRecord[] } | { error: CsvQuoteProblem | string; line?: number };

/** csv-parse's error codes for the quote problems. */
const problems: Record<string, CsvQuoteProblem> = {
  CSV_QUOTE_NOT_CLOSED: 'unclosed',
  CSV_INVALID_CLOSING_QUOTE: 'closing',
  CSV_INVALID_OPENING_QUOTE: 'opening',
  INVALID_OPENING_QUOTE: 'opening',
};

/**
 * The reference: csv-parse with csvRows' options, its `_transform` and `_flush` called directly
 * (synchronously), each record tagged with `info.lines` as it is pushed.
 */
function csvParseCalls(chunks: readonly Buffer[], delimiter: string): Call[] {
  const parser = parse({ bom: true, delimiter, relax_column_count: true, skip_empty_lines: true });
  let records: CsvRecord[] = [];
  parser.push = (cells: string[] | null) => {
    if (cells !== null) records.push({ cells, line: parser.info.lines });
    return true;
  };
  const calls: Call[] = [];
  const step = (run: (done: (error?: Error | null) => void) => void): boolean => {
    let failure: (Error & { code?: string; lines?: number }) | null | undefined;
    run((error) => (failure = error));
    const problem = failure?.code === undefined ? undefined : problems[failure.code];
    calls.push(failure ? (problem === undefined ? { error: failure.message } : { error: problem, line: failure.lines ?? 0 }) : { records });
    records = [];
    return !failure;
  };
  const transform = parser as unknown as { _transform(chunk: Buffer, encoding: string, done: (error?: Error | null) => void): void; _flush(done: (error?: Error | null) => void): void };
  for (const chunk of chunks) if (!step((done) => transform._transform(chunk, 'buffer', done))) return calls;
  step((done) => transform._flush(done));
  return calls;
}

function parserCalls(chunks: readonly Buffer[], delimiter: string): Call[] {
  const parser = new CsvRecordParser(delimiter.charCodeAt(0));
  const calls: Call[] = [];
  for (const chunk of [...chunks, undefined]) {
    const records: CsvRecord[] = [];
    try {
      if (!parser.parse(chunk, chunk === undefined, records)) throw new Error('UTF-16 byte order mark');
      calls.push({ records });
    } catch (error) {
      calls.push(error instanceof CsvSyntaxError ? { error: error.problem, line: error.lines } : { error: (error as Error).message });
      break;
    }
  }
  return calls;
}

/** Cuts `bytes` at the given offsets (any byte, inside a character or a CRLF too). */
function cut(bytes: Buffer, at: readonly number[]): Buffer[] {
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((from, i) => bytes.subarray(from, points[i] ?? bytes.length)).filter((c, i) => c.length > 0 || i === 0);
}

// Pieces that make CSV interesting: quotes, delimiters, line ends of every kind, spaces after
// quotes, a BOM (at the start and inside), multi-byte text, NUL and bytes that are not UTF-8.
const piece = fc.constantFrom('a', 'bc', '"', '""', ',', ';', '\t', '\n', '\r', '\r\n', ' ', '\uFEFF', '李', '🎉', 'é', '\0', '\xff', 'x y');
const csvBytes = fc
  .tuple(fc.array(piece, { maxLength: 40 }), fc.boolean(), fc.boolean())
  .map(([pieces, bom, badByte]) => {
    const text = `${bom ? '\uFEFF' : ''}${pieces.join('')}`;
    const bytes = Buffer.from(text.replace(/\xff/g, ''));
    // \xff stands for a byte that is not UTF-8: spliced in as a raw byte.
    return badByte && text.includes('\xff') ? Buffer.concat([bytes, Buffer.from([0xff, 0x22, 0x0a])]) : bytes;
  });

describe('CsvRecordParser', () => {
  it('gives the records, lines and errors of csv-parse, call by call, wherever the chunks are cut', () => {
    fc.assert(
      fc.property(csvBytes, fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom(',', ';', '\t'), (bytes, at, delimiter) => {
        const chunks = cut(bytes, at);
        expect(parserCalls(chunks, delimiter)).toEqual(csvParseCalls(chunks, delimiter));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches csv-parse on well-formed files of quoted, multi-line, CJK and empty fields', () => {
    const field = fc.oneof(
      fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '9', '.') }),
      fc.string({ unit: fc.constantFrom('"', ',', '\n', '\r\n', '李', 'é', 'x') }).map((s) => `"${s.replace(/"/g, '""')}"`),
    );
    const file = fc
      .tuple(fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { maxLength: 12 }), fc.constantFrom('\n', '\r\n', '\r'), fc.boolean())
      .map(([records, end, bom]) => Buffer.from(`${bom ? '\uFEFF' : ''}${records.map((cells) => cells.join(',')).join(end)}`));
    fc.assert(
      fc.property(file, fc.array(fc.nat(), { maxLength: 8 }), (bytes, at) => {
        const chunks = cut(bytes, at);
        expect(parserCalls(chunks, ',')).toEqual(csvParseCalls(chunks, ','));
      }),
      { numRuns: 1000 },
    );
  });

  it('matches csv-parse on a record longer than many chunks (its bytes held and grown between calls)', () => {
    const long = `"${'ab ""李"" \r\n🎉,'.repeat(4000)}"`;
    const bytes = Buffer.from(`h1,h2\n${long},x\n1,${long}\n"open ${'z'.repeat(70_000)}`);
    for (const size of [997, 16 * 1024]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      const calls = parserCalls(chunks, ',');
      expect(calls).toEqual(csvParseCalls(chunks, ','));
      expect(calls.flatMap((call) => ('records' in call ? call.records.map((r) => r.line) : []))).toEqual([1, 8002, 16003]);
      expect(calls.at(-1)).toEqual({ error: 'unclosed', line: 16004 });
    }
  });

  it('tells which quote is wrong, on the line csv-parse names, and what to do', () => {
    const failure = (text: string) => parserCalls([Buffer.from(text)], ',').find((call) => 'error' in call);
    expect(failure('a,b\n"x\n')).toEqual({ error: 'unclosed', line: 2 });
    expect(failure('a,b\nx"y",2\n')).toEqual({ error: 'opening', line: 2 });
    expect(failure('a,b\n\uFEFF"x",2\n')).toEqual({ error: 'opening', line: 2 });
    expect(failure('a,b\n"x" ,2\n')).toEqual({ error: 'closing', line: 2 });
    expect(failure('a,b\n"multi\r\nline" x\n')).toEqual({ error: 'closing', line: 4 });
    expect(new CsvSyntaxError('unclosed', 2).message).toBe('a quoted field is never closed: the file ends inside it, on line 2; add its closing quote (") or remove the opening one');
    expect(new CsvSyntaxError('opening', 5).message).toBe(
      'a quote inside an unquoted field on line 5: quote the whole field and double the quotes inside it ("say ""hi"""), or remove the quote',
    );
    expect(new CsvSyntaxError('closing', 3).message).toBe(
      'a quoted field on line 3 goes on after its closing quote: put the delimiter or the line end right after that quote, and write a quote inside the field as ""',
    );
  });
});

describe('csvRows over CsvRecordParser', () => {
  const rows = async (chunks: readonly (Buffer | string)[], delimiter?: string) => {
    const out: DataRow[] = [];
    try {
      for await (const row of csvRows(Readable.from(chunks), delimiter === undefined ? {} : { delimiter })) out.push(row);
      return { out };
    } catch (error) {
      return { out, error: (error as Error).message };
    }
  };

  it('yields the records of the chunks before the one that fails, and names the next row', async () => {
    const good = 'a,b\n1,2\n3,4\n';
    // The chunk that fails completes 3,4 (the first chunk's last byte waits for the next, as in
    // csv-parse) and 5,6 before the bad quote: like a csv-parse stream, it yields neither.
    const midChunk = await rows([Buffer.from(good), Buffer.from('5,6\n7,8"x\n9,9\n')]);
    expect(midChunk.out.map((r) => [r.row, r.line, r.data])).toEqual([[1, 2, { a: '1', b: '2' }]]);
    expect(midChunk.error).toBe(`Invalid CSV file CSV: 1 problem\n✖ ${csvQuoteMessage('opening', 5)}\n  → at row 2`);
    // An unclosed quote fails at the end of the data, after every complete record was read.
    const atEnd = await rows([Buffer.from(good), Buffer.from('5,6\n7,"8\n')]);
    expect(atEnd.out.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(atEnd.error).toBe(`Invalid CSV file CSV: 1 problem\n✖ ${csvQuoteMessage('unclosed', 5)}\n  → at row 4`);
  });

  it('parses a file in the 16 KB pieces it was read in before: same rows before a bad quote, same text check', async () => {
    const dir = tempDir();
    let text = 'a,b\n';
    for (let i = 0; i < 5000; i++) text += `x${i},y${i}\n`;
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, `${text}bad"q,1\nz,z\n`);
    const out: DataRow[] = [];
    const error = await (async () => {
      for await (const row of csvRows(bad)) out.push(row);
    })().catch((e: unknown) => e as Error);
    // The record cut by the 16 KB boundary at byte 49,152 and the rest of that piece are not yielded.
    expect(out.length).toBe(4280);
    expect(error?.message).toBe(`Invalid CSV file ${bad}: 1 problem\n✖ ${csvQuoteMessage('opening', 5002)}\n  → at row 4281`);
    // Only the first 16 KB is checked for binary bytes, as when the file was read 16 KB at a time.
    const late = join(dir, 'late-nul.csv');
    writeFileSync(late, `${text.slice(0, 20_000)}\0,1\n`);
    const rows: DataRow[] = [];
    for await (const row of csvRows(late)) rows.push(row);
    expect(rows.at(-1)?.data['a']).toContain('\0');
  });

  it('reads a UTF-16 file (its BOM after an empty first chunk) through csv-parse, as before', async () => {
    const utf16 = Buffer.from('\uFEFFa,b\n1,2\n', 'utf16le');
    const split = await rows([Buffer.alloc(0), utf16.subarray(0, 2), utf16.subarray(2)]);
    expect(split).toEqual({ out: [{ row: 1, line: 2, data: { a: '1', b: '2' } }] });
  });

  it('gives the same messages for quote problems found by csv-parse (UTF-16, a longer delimiter)', async () => {
    // As in the test above: a UTF-16 file whose first chunk is empty reaches csv-parse.
    const utf16 = (text: string) => [Buffer.alloc(0), Buffer.from(`\uFEFF${text}`, 'utf16le')];
    const expected = (problem: CsvQuoteProblem, line: number, row: number) => `Invalid CSV file CSV: 1 problem\n✖ ${csvQuoteMessage(problem, line)}\n  → at row ${row}`;
    // Not ending in a line end: csv-parse does not count a line end that is the last byte (in UTF-16 its NUL is).
    expect((await rows(utf16('a,b\n1,2\n"3\nx'))).error).toBe(expected('unclosed', 4, 2));
    expect((await rows(utf16('a,b\n1,2\n3"x,4\n'))).error).toBe(expected('opening', 3, 1));
    expect((await rows(['a||b\n"1" ||2\n'], '||')).error).toBe(expected('closing', 2, 1));
    // The same files as UTF-8 with a one-byte delimiter: the same messages from CsvRecordParser.
    expect((await rows(['a,b\n1,2\n"3\nx'])).error).toBe(expected('unclosed', 4, 2));
    expect((await rows(['a,b\n1,2\n3"x,4\n'])).error).toBe(expected('opening', 3, 1));
    expect((await rows(['a,b\n"1" ,2\n'])).error).toBe(expected('closing', 2, 1));
  });

  it('keeps csv-parse for a delimiter of more than one byte, and string chunks read as UTF-8', async () => {
    expect((await rows(['a||b\n1||2\n'], '||')).out.map((r) => r.data)).toEqual([{ a: '1', b: '2' }]);
    expect((await rows(['a;b\n', 'é;"李"\n'], ';')).out.map((r) => r.data)).toEqual([{ a: 'é', b: '李' }]);
  });
});
