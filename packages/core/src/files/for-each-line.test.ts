import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageError } from '../errors/usage-error.js';
import { forEachLineSync } from './for-each-line.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-for-each-line-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function linesOf(text: string | Buffer, pieceBytes: number): Promise<[string, number, boolean][]> {
  const path = join(dir, `f-${pieceBytes}-${Math.random()}.ndjson`);
  await writeFile(path, text);
  const lines: [string, number, boolean][] = [];
  forEachLineSync(path, (line, number, ended) => lines.push([line, number, ended]), { pieceBytes });
  return lines;
}

describe('forEachLineSync', () => {
  const text = '{"a":1}\n\n{"b":"ünïcödé ✓ 日本"}\n{"c":3}\n';
  const expected: [string, number, boolean][] = [
    ['{"a":1}', 1, true],
    ['', 2, true],
    ['{"b":"ünïcödé ✓ 日本"}', 3, true],
    ['{"c":3}', 4, true],
  ];

  it('gives every line, its number and that a newline ended it, whatever the piece size', async () => {
    // 1..9-byte pieces cut lines and multi-byte characters at every place; 1 MiB reads the file at once.
    for (const pieceBytes of [1, 2, 3, 5, 7, 9, 1 << 20]) expect(await linesOf(text, pieceBytes)).toEqual(expected);
  });

  it('gives text after the last newline as a line not ended (a torn write)', async () => {
    expect(await linesOf('{"a":1}\n{"b":', 4)).toEqual([
      ['{"a":1}', 1, true],
      ['{"b":', 2, false],
    ]);
    expect(await linesOf('only', 3)).toEqual([['only', 1, false]]);
  });

  it('gives nothing for an empty file', async () => {
    expect(await linesOf('', 8)).toEqual([]);
  });

  it('gives each line its byte offset and byte length in the file', async () => {
    const path = join(dir, 'offsets.ndjson');
    const bytes = Buffer.from(text);
    await writeFile(path, bytes);
    for (const pieceBytes of [1, 4, 6, 1 << 20]) {
      const seen: string[] = [];
      forEachLineSync(
        path,
        (line, _number, _ended, offset, length) =>
          seen.push(`${bytes.subarray(offset, offset + length).toString('utf8') === line} ${offset}+${length}`),
        { pieceBytes },
      );
      expect(seen).toEqual([
        'true 0+7',
        'true 8+0',
        `true 9+${Buffer.byteLength('{"b":"ünïcödé ✓ 日本"}')}`,
        `true ${bytes.length - 8}+7`,
      ]);
    }
    const torn: number[] = [];
    await writeFile(path, '{"a":1}\n{"b":');
    forEachLineSync(path, (_line, _number, ended, offset, length) => ended || torn.push(offset, length), {
      pieceBytes: 3,
    });
    expect(torn).toEqual([8, 5]);
  });

  it('reads a file larger than its pieces many times over', async () => {
    const many = Array.from({ length: 5000 }, (_, i) => JSON.stringify({ row: i + 1, text: 'x'.repeat(i % 97) }));
    const lines = await linesOf(`${many.join('\n')}\n`, 4096);
    expect(lines).toHaveLength(5000);
    expect(lines.map(([line]) => line)).toEqual(many);
    expect(lines.every(([, number, ended], i) => number === i + 1 && ended)).toBe(true);
  });

  it('refuses a line longer than the longest string with a UsageError naming the file and line', async () => {
    const path = join(dir, 'long-line.ndjson');
    const mib = Buffer.alloc(1024 * 1024, 0x78);
    await writeFile(path, '{"a":1}\n');
    // 513 MiB without a newline: past V8's longest string (2**29 - 24 characters).
    for (let i = 0; i < 513; i++) await appendFile(path, mib);
    await appendFile(path, '\n');
    const seen: number[] = [];
    let thrown: unknown;
    try {
      forEachLineSync(path, (_line, number) => seen.push(number));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UsageError);
    expect((thrown as Error).message).toBe(
      `Line 2 of ${path} is ${513 * 1024 * 1024} bytes, longer than Node.js can read as one string. The file is damaged; move it aside.`,
    );
    expect(seen).toEqual([1]);
  }, 60_000);

  it("lets a missing file's ENOENT through, for the caller to read as an empty log", () => {
    expect(() => forEachLineSync(join(dir, 'missing.ndjson'), () => {})).toThrow(
      expect.objectContaining({ code: 'ENOENT' }),
    );
  });
});
