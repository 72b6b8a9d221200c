import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '@vsynth/core';
import { csvRows, type CsvRowsOptions } from './csv-rows.js';
import type { DataRow } from './data-row.js';

const read = async (chunks: readonly (Buffer | string)[], options: CsvRowsOptions = {}) => {
  const rows: DataRow[] = [];
  try {
    for await (const row of csvRows(Readable.from(chunks), options)) rows.push(row);
    return { rows };
  } catch (error) {
    return { rows, error: error as Error };
  }
};

const quote = (field: string) => `"${field.replace(/"/g, '""')}"`;
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

/** Cuts `bytes` at the given offsets (any byte, inside a character or a CRLF too). */
function cut(bytes: Buffer, at: readonly number[]): Buffer[] {
  const points = [...new Set(at.map((n) => n % (bytes.length + 1)))].sort((a, b) => a - b);
  return [0, ...points].map((from, i) => bytes.subarray(from, points[i] ?? bytes.length)).filter((c) => c.length > 0);
}

describe('csvRows', () => {
  // Fields with everything quoting is for, written quoted when they must be (and at random when not).
  const unit = fc.constantFrom('a', 'Z', ' ', '9', '"', ',', '\n', '\r\n', '\r', '李', 'é', '🎉');
  const field = fc.string({ unit });
  // Header cells are trimmed: these start and end with a letter.
  const headerName = fc
    .string({ unit: fc.constantFrom('a', 'b', '李', ',', '"', '\n', ' '), maxLength: 4 })
    .map((s) => `h${s}h`);
  const csvFile = fc.record({
    header: fc.uniqueArray(headerName, { minLength: 1, maxLength: 4 }),
    records: fc.array(fc.array(fc.tuple(field, fc.boolean()), { minLength: 1, maxLength: 5 }), { maxLength: 10 }),
    blankLines: fc.array(fc.nat({ max: 2 }), { minLength: 11, maxLength: 11 }),
    lineEnd: fc.constantFrom('\n', '\r\n', '\r'),
    bom: fc.boolean(),
    finalLineEnd: fc.boolean(),
  });

  it('yields the generated records, with their row and end line, wherever the bytes are cut', async () => {
    await fc.assert(
      fc.asyncProperty(csvFile, fc.array(fc.nat(), { maxLength: 8 }), async (file, at) => {
        const { header, records, blankLines, lineEnd } = file;
        let text = file.bom ? '\uFEFF' : '';
        const ends: number[] = [];
        const lines = [header.map((name) => [name, false] as const), ...records].map((cells, index) => {
          text += lineEnd.repeat(blankLines[index] ?? 0);
          // An empty unquoted field alone would be an empty line, which is skipped.
          text += cells
            .map(([cell, quoted]) => (quoted || /[",\r\n]/.test(cell) || cell === '' ? quote(cell) : cell))
            .join(',');
          ends.push(lineBreaks(text) + 1);
          text += lineEnd;
          return cells.map(([cell]) => cell);
        });
        if (!file.finalLineEnd) text = text.slice(0, -lineEnd.length);
        const { rows, error } = await read(cut(Buffer.from(text), at));
        expect(error).toBeUndefined();
        expect(rows.map((r) => r.row)).toEqual(records.map((_, i) => i + 1));
        expect(rows.map((r) => r.line)).toEqual(ends.slice(1));
        lines.slice(1).forEach((cells, i) => {
          const row = rows[i]!;
          expect(row.data).toEqual(
            Object.fromEntries(header.slice(0, cells.length).map((name, c) => [name, cells[c]])),
          );
          if (cells.length === header.length) expect(row.issues).toBeUndefined();
          else
            expect(row.issues?.[0]?.message).toContain(
              `has ${cells.length} field${cells.length === 1 ? '' : 's'} where the header has ${header.length};`,
            );
        });
      }),
      { numRuns: 300 },
    );
  });

  it('counts rows and lines past empty lines, and drops the cells beyond the header', async () => {
    const { rows } = await read(['\n\na,b\n\n1,2\n\n\n3,4,5\n']);
    expect(rows).toEqual([
      { row: 1, line: 5, data: { a: '1', b: '2' } },
      expect.objectContaining({ row: 2, line: 8, data: { a: '3', b: '4' } }),
    ]);
    expect(rows[1]?.issues?.[0]?.message).toBe(
      'the record ending on line 8 has 3 fields where the header has 2; check its quotes and delimiters',
    );
  });

  it('names the line where a record with a broken quote starts, in CRLF files too, and its row', async () => {
    const message = async (text: string) => (await read([text])).error?.message;
    const problem = (line: number, row: number, what: string) =>
      `Invalid CSV file CSV: 1 problem\n✖ in the record starting on line ${line}, ${what}\n  → at row ${row}`;
    const unclosed =
      'a quoted field is never closed: the file ends inside it; add its closing quote (") or remove the opening one';
    const opening =
      'a quote inside an unquoted field: quote the whole field and double the quotes inside it ("say ""hi"""), ' +
      'or remove the quote';
    const closing =
      'a quoted field goes on after its closing quote: put the delimiter or the line end right after that quote, ' +
      'and write a quote inside the field as ""';
    // A quoted line break and an empty line before the broken record, which starts on line 4.
    expect(await message('a,b\r\n"x\r\ny",2\r\n3"z,4\r\n5,6\r\n')).toBe(problem(4, 2, opening));
    expect(await message('a,b\r\n1,2\r\n\r\n5,"6\r\n7,8\r\n')).toBe(problem(4, 2, unclosed));
    expect(await message('a,b\r\n"m\r\nx",2\r\n"y" z,3\r\n')).toBe(problem(4, 2, closing));
    expect(await message('a,b\n"x\ny",2\n3"z,4\n')).toBe(problem(4, 2, opening));
    expect(await message('a,b\r\r1,"2\r3,4\r')).toBe(problem(3, 1, unclosed));
    // The row is the broken record's even when the rows before it were read in the same chunk.
    expect(await message(`a,b\n${'1,2\n'.repeat(50)}x,"y\n`)).toBe(problem(52, 51, unclosed));
    // A broken header has no row.
    expect(await message('\r\n"a,b\r\n1,2\r\n')).toBe(
      `Invalid CSV file CSV: 1 problem\n✖ in the record starting on line 2, ${unclosed}`,
    );
  });

  it('refuses a file that is not UTF-8 text before parsing it, and reads one cut inside a character', async () => {
    const refused = (name: string) =>
      `${name} is not UTF-8 text (a binary file, or UTF-16 as some Windows tools write): ` +
      'give a CSV file saved as UTF-8.';
    const utf16 = await read([Buffer.from('\uFEFFa,b\n1,2\n', 'utf16le')], { name: 'people.csv' });
    expect(isValidationError(utf16.error)).toBe(true);
    expect(utf16.error?.message).toBe(refused('people.csv'));
    expect((await read([Buffer.from('city\nZürich\n', 'latin1')])).error?.message).toBe(refused('CSV'));
    const bytes = Buffer.from('city\n李雷\n');
    const cutInside = await read([bytes.subarray(0, 7), bytes.subarray(7)]);
    expect(cutInside.rows.map((r) => r.data)).toEqual([{ city: '李雷' }]);
  });

  it('trims and renames header cells, and refuses a repeated, empty or __proto__ name', async () => {
    const { rows } = await read([' First Name ;b\nAna;1\n'], { delimiter: ';', rename: { 'First Name': 'firstName' } });
    expect(rows.map((r) => r.data)).toEqual([{ firstName: 'Ana', b: '1' }]);
    const header = async (text: string, rename: Record<string, string> = {}) =>
      (await read([text], { rename })).error?.message;
    expect(await header('a,b\n1,2\n', { b: 'a' })).toBe(
      'Invalid CSV header of CSV: 1 problem\n✖ the header names "a" (cells 1 and 2) more than once; rename one by its position (--rename "#2=a2") or by name (--rename "Old=new")',
    );
    expect(await header('a, ,c\n1,2,3\n')).toBe(
      'Invalid CSV header of CSV: 1 problem\n✖ header cell 2 is empty; name every column (--rename "#2=name")',
    );
    expect(await header('a,__proto__\n1,2\n')).toMatch(
      /header cell 2 is named "__proto__", which cannot name a column/,
    );
  });

  it('renames a header cell by its position, which tells apart two cells of one name', async () => {
    const { rows } = await read(['name,city,city\nAna,Lisbon,Porto\n'], { rename: { '#3': 'city2' } });
    expect(rows.map((r) => r.data)).toEqual([{ name: 'Ana', city: 'Lisbon', city2: 'Porto' }]);
    const header = async (text: string, rename: Record<string, string> = {}) =>
      (await read([text], { rename })).error?.message;
    expect(await header('name,city,city\nAna,Lisbon,Porto\n')).toBe(
      'Invalid CSV header of CSV: 1 problem\n✖ the header names "city" (cells 2 and 3) more than once; rename one by its position (--rename "#3=city2") or by name (--rename "Old=new")',
    );
    // A rename by name would rename both cells: it is refused with the rename by position to use.
    expect(await header('name,city,city\nAna,Lisbon,Porto\n', { city: 'city2' })).toBe(
      'Invalid CSV header of CSV: 1 problem\n✖ a rename of "city" matches header cells 2 and 3; rename one by its position instead (--rename "#3=city2")',
    );
    expect(await header('name,city\nAna,Lisbon\n', { '#4': 'x' })).toBe(
      'Invalid CSV header of CSV: 1 problem\n✖ a rename names header cell #4, but the header has 2 cells (#1 to #2)',
    );
  });

  it('leaves a stream it was given open when the rows stop early', async () => {
    const stream = new Readable({ read() {} });
    stream.push('a\n1\n2\n');
    for await (const { row } of csvRows(stream)) if (row === 1) break;
    expect(stream.destroyed).toBe(false);
    stream.destroy();
  });
});
