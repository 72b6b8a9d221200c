import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import { formatIssue, isUsageError, isValidationError } from '@vsynth/core';
import { checkRow } from './check-row.js';
import { csvRows } from './csv-rows.js';
import type { DataRow } from './data-row.js';
import { iterableRows } from './iterable-rows.js';
import { jsonRows } from './json-rows.js';
import { rowsFromFile } from './rows-from-file.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-rows-')();
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const all = async (rows: AsyncIterable<DataRow>) => {
  const out: DataRow[] = [];
  for await (const row of rows) out.push(row);
  return out;
};

describe('row sources', () => {
  it('reads CSV with a BOM, quotes, doubled quotes, embedded newlines, CRLF and non-Latin text', async () => {
    const path = file(
      'people.csv',
      '\uFEFFfirst name,note\r\n"Åsa, Jr.","said ""hi""\r\non two lines"\r\n\r\n李雷,🎉 ok\r\n',
    );
    const rows = await all(rowsFromFile(path, { rename: { 'first name': 'firstName' } }));
    expect(rows.map((r) => [r.row, r.data])).toEqual([
      [1, { firstName: 'Åsa, Jr.', note: 'said "hi"\r\non two lines' }],
      [2, { firstName: '李雷', note: '🎉 ok' }],
    ]);
  });

  it('reads a custom delimiter and TSV', async () => {
    expect((await all(csvRows(Readable.from(['a;b\n1;2\n']), { delimiter: ';' })))[0]?.data).toEqual({
      a: '1',
      b: '2',
    });
    expect((await all(rowsFromFile(file('x.tsv', 'a\tb\n1\t2\n'))))[0]?.data).toEqual({ a: '1', b: '2' });
  });

  it('yields a record with the wrong number of fields as a row with an issue', async () => {
    const rows = await all(rowsFromFile(file('bad.csv', 'a,b\n1,2\n3\n4,5\n')));
    expect(rows.map((r) => r.issues?.length ?? 0)).toEqual([0, 1, 0]);
    expect(formatIssue(rows[1]!.issues![0]!)).toBe(
      '✖ the record ending on line 3 has 1 field where the header has 2; check its quotes and delimiters\n  → at row 2',
    );
  });

  it('names the line of an unclosed quote and refuses duplicate headers', async () => {
    const unclosed = await all(rowsFromFile(file('q.csv', 'a,b\n1,"2\n3,4\n'))).catch((e: unknown) => e);
    expect(isValidationError(unclosed)).toBe(true);
    expect((unclosed as Error).message).toBe(
      `Invalid CSV file ${join(dir, 'q.csv')}: 1 problem\n✖ in the record starting on line 2, a quoted field is never closed: ` +
        'the file ends inside it; add its closing quote (") or remove the opening one\n  → at row 1',
    );
    const dup = await all(rowsFromFile(file('d.csv', 'a,a\n1,2\n'))).catch((e: unknown) => e);
    expect((dup as Error).message).toMatch(
      /the header names "a" \(cells 1 and 2\) more than once; rename one by its position \(--rename "#2=a2"\)/,
    );
    const missing = await all(rowsFromFile(join(dir, 'nope.csv'))).catch((e: unknown) => e);
    expect(isUsageError(missing)).toBe(true);
  });

  it('reads JSON arrays and NDJSON, reporting non-objects and bad lines per row', async () => {
    const json = await all(rowsFromFile(file('p.json', '[{"a":1}, 2, {"a":3}]')));
    expect(json.map((r) => [r.row, r.issues?.[0]?.message])).toEqual([
      [1, undefined],
      [2, 'a row must be an object of columns, received number'],
      [3, undefined],
    ]);
    const nd = await all(rowsFromFile(file('p.ndjson', '{"a":1}\n\n{oops\n{"a":2}\n')));
    expect(nd.map((r) => [r.row, r.line, r.issues === undefined])).toEqual([
      [1, 1, true],
      [2, 3, false],
      [3, 4, true],
    ]);
  });

  it('numbers any iterable from 1', async () => {
    async function* gen() {
      yield { a: 1 };
      yield { a: 2 };
    }
    expect((await all(iterableRows(gen()))).map((r) => r.row)).toEqual([1, 2]);
  });

  it('checks rows against a zod schema with row and column', () => {
    const schema = z.object({ email: z.email(), age: z.coerce.number().int() });
    const ok = checkRow(schema, { row: 1, data: { email: 'a@b.co', age: '42' } });
    expect(ok.data).toEqual({ email: 'a@b.co', age: 42 });
    const bad = checkRow(schema, { row: 9, data: { email: 'nope', age: 'x' } });
    expect(bad.issues?.map((i) => [i.row, i.field])).toEqual([
      [9, 'email'],
      [9, 'age'],
    ]);
  });
});

describe('rowsFromFile with a file that cannot be read', () => {
  it.each(['csv', 'ndjson', 'json'])(
    'tells a missing .%s file as a usage error (exit 2), not an internal error',
    async (extension) => {
      const file = join(tmpdir(), `vsynth-missing-${process.pid}.${extension}`);
      const error = await (async () => {
        for await (const _row of rowsFromFile(file)) return undefined;
        return undefined;
      })().catch((e: unknown) => e);
      expect(isUsageError(error)).toBe(true);
      expect((error as Error).message).toBe(
        `Cannot read data file ${file}: ENOENT: no such file or directory, open '${file}'`,
      );
    },
  );
});

describe('jsonRows streams an array', () => {
  const items = [
    { a: 'x, "y" ]}[{', b: ['[', ']', { c: '\\' }] },
    'str,]',
    12.5e3,
    null,
    { 'k"]': '\u00e9\ud83c\udf89\\"' },
    [1, [2]],
    true,
  ];

  it('yields the same items as JSON.parse, wherever the chunks are cut', async () => {
    const text = `\uFEFF [ ${items.map((item) => JSON.stringify(item)).join(' ,\n ')} ] \n`;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: text.length - 1 }), { maxLength: 12 }), async (cuts) => {
        const at = [...new Set(cuts)].sort((a, b) => a - b);
        const chunks = [0, ...at].map((from, i) => text.slice(from, at[i] ?? text.length));
        const rows = await all(jsonRows(Readable.from(chunks)));
        expect(rows.map((r) => (r.issues === undefined ? r.data : items[r.row - 1]))).toEqual(items);
        expect(rows.map((r) => r.row)).toEqual(items.map((_, i) => i + 1));
      }),
      { numRuns: 200 },
    );
    expect(await all(jsonRows(Readable.from(['[', ']'])))).toEqual([]);
  });

  it('names the row of a malformed item and tells a file that is not an array or is cut off', async () => {
    const message = async (text: string) =>
      ((await all(jsonRows(Readable.from([text]))).catch((e: unknown) => e)) as Error).message;
    expect(await message('[{"a":1}, {"a":}]')).toMatch(
      /^Invalid JSON data file JSON: 1 problem\n✖ row 2 is not JSON: Unexpected token '}'.*\n {2}→ at row 2$/,
    );
    expect(await message('{"a":1}')).toBe(
      'Invalid JSON data file JSON: 1 problem\n✖ expected an array of row objects: the file must start with [',
    );
    expect(await message('[{"a":1}, {"a":2')).toBe(
      'Invalid JSON data file JSON: 1 problem\n✖ the file ends before the closing ] of the array (cut off?)\n  → at row 2',
    );
    expect(await message('[{"a":1},]')).toBe(
      'Invalid JSON data file JSON: 1 problem\n✖ unexpected "]" between the items of the array\n  → at row 2',
    );
    expect(await message('[1] x')).toBe(
      'Invalid JSON data file JSON: 1 problem\n✖ unexpected "x" after the closing ] of the array',
    );
  });
});
