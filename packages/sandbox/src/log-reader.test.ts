import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogReader } from './log-reader.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function log(lines: readonly object[]): Promise<{ path: string; at: { offset: number; bytes: number }[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'vsynth-log-reader-'));
  dirs.push(dir);
  const path = join(dir, 'store.ndjson');
  const texts = lines.map((line) => JSON.stringify(line));
  await writeFile(path, texts.map((text) => `${text}\n`).join(''));
  let offset = 0;
  const at = texts.map((text) => {
    const bytes = Buffer.byteLength(text);
    const place = { offset, bytes };
    offset += bytes + 1;
    return place;
  });
  return { path, at };
}

describe('LogReader', () => {
  it("reads a record's field from its line, and again from the cache once the file changed", async () => {
    const { path, at } = await log([
      { t: 'project', v: { id: 'p1', payload: { name: 'Ünïcode ✓' } } },
      { t: 'ledger', v: { id: 'l1', body: { title: 'Hi' } } },
    ]);
    const reader = new LogReader(path);
    expect(reader.field(at[1]!.offset, at[1]!.bytes, 'body')).toEqual({ title: 'Hi' });
    expect(reader.field(at[0]!.offset, at[0]!.bytes, 'payload')).toEqual({ name: 'Ünïcode ✓' });
    await writeFile(path, '');
    expect(reader.field(at[0]!.offset, at[0]!.bytes, 'payload')).toEqual({ name: 'Ünïcode ✓' });
    reader.close();
  });

  it('keeps at most cacheBytes of lines, dropping the least recently used first', async () => {
    const { path, at } = await log([1, 2, 3].map((n) => ({ t: 'project', v: { id: `p${n}`, payload: { n } } })));
    // Room for two of these lines.
    const reader = new LogReader(path, 2 * at[0]!.bytes);
    for (const i of [0, 1, 0, 2]) reader.field(at[i]!.offset, at[i]!.bytes, 'payload');
    await truncate(path, 0);
    expect(reader.field(at[0]!.offset, at[0]!.bytes, 'payload')).toEqual({ n: 1 });
    expect(reader.field(at[2]!.offset, at[2]!.bytes, 'payload')).toEqual({ n: 3 });
    expect(() => reader.field(at[1]!.offset, at[1]!.bytes, 'payload')).toThrow(`the sandbox store's log ${path} changed under the sandbox (the line at byte ${at[1]!.offset}: read 0 of ${at[1]!.bytes} bytes); restart the sandbox`);
    reader.close();
  });

  it('serves a remembered value without reading the file', async () => {
    const { path } = await log([]);
    const reader = new LogReader(path);
    const value = { scenes: [] };
    reader.remember(0, 100, value);
    expect(reader.field(0, 100, 'payload')).toBe(value);
    reader.close();
  });
});
