import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openJournal } from './open-journal.js';
import { readJournal } from './read-journal.js';
import { tempDirs } from './test-temp-dirs.js';

const tempDir = tempDirs('vsynth-journal-');
const path = () => join(tempDir(), 'j.ndjson');
const time = '2026-01-01T00:00:00.000Z';
/** A journal as a batch that stopped before its first request left it (by an earlier version: this one writes none). */
const batchLineOnly = (file: string, id: string) =>
  writeFileSync(file, `${JSON.stringify({ type: 'batch', v: 1, id, template: 't', time })}\n`);

describe('openJournal and readJournal', () => {
  it('records each row’s last state, and reopens it to resume', () => {
    const file = path();
    const journal = openJournal(file, { batch: { id: 'b1', template: 't' } });
    journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b1.1', projectId: 'p', time });
    journal.append({
      type: 'failed',
      row: 1,
      key: 'k1',
      reason: 'http_503',
      code: 'VSYNTH_API',
      message: 'x',
      status: 503,
      time,
    });
    journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 2, cid: 'b1.1', projectId: 'p', time });
    journal.append({ type: 'done', row: 1, key: 'k1', projectId: 'p', cubes: 3, via: 'response', time });
    journal.append({ type: 'attempt', row: 2, key: 'k2', attempt: 1, cid: 'b1.2', time });
    journal.close();
    const state = readJournal(file)!;
    expect(state.batch.id).toBe('b1');
    expect(state.rows.get(1)).toEqual({
      key: 'k1',
      status: 'done',
      cid: 'b1.1',
      projectId: 'p',
      attempts: 2,
      cubes: 3,
    });
    expect(state.rows.get(2)).toMatchObject({ status: 'attempt', attempts: 1 });
    const again = openJournal(file, { resume: true, batch: { id: 'other', template: 't' } });
    expect(again.state.batch.id).toBe('b1');
    again.close();
  });

  it('writes nothing until the first row entry: a batch that sends nothing leaves the file as it was', () => {
    const file = path();
    openJournal(file, { batch: { id: 'new', template: 't' } }).close();
    expect(existsSync(file)).toBe(false);
    batchLineOnly(file, 'old');
    const before = readFileSync(file);
    openJournal(file, { batch: { id: 'new', template: 't' } }).close();
    expect(readFileSync(file).equals(before)).toBe(true);
    appendFileSync(file, '{"type":"attempt","row":1,"key":"k1","attem');
    const torn = readFileSync(file);
    openJournal(file, { resume: true, batch: { id: 'other', template: 't' } }).close();
    expect(readFileSync(file).equals(torn)).toBe(true);
  });

  it('starts over a journal that records no row (nothing was sent) unless resuming', () => {
    const file = path();
    batchLineOnly(file, 'old');
    const journal = openJournal(file, { batch: { id: 'new', template: 't' } });
    journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'new.1', time });
    journal.close();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; id?: string });
    expect(lines.map((l) => [l.type, l.id])).toEqual([
      ['batch', 'new'],
      ['attempt', undefined],
    ]);
  });

  it('cuts off a line half-written by a kill before appending', () => {
    const file = path();
    batchLineOnly(file, 'b1');
    appendFileSync(file, '{"type":"attempt","row":1,"key":"k1","attem');
    const journal = openJournal(file, { resume: true, batch: { id: 'b1', template: 't' } });
    journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b1.1', time });
    journal.close();
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(lines.map((l) => l.type)).toEqual(['batch', 'resume', 'attempt']);
  });

  it('keeps a whole last entry that lacks its newline (an editor saved it so): the resumed run and the next agree', () => {
    const file = path();
    const journal = openJournal(file, { batch: { id: 'b1', template: 't' } });
    journal.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b1.1', time });
    journal.append({ type: 'done', row: 1, key: 'k1', via: 'response', cubes: 3, time });
    journal.close();
    writeFileSync(file, readFileSync(file, 'utf8').trimEnd());
    const resumed = openJournal(file, { resume: true, batch: { id: 'b1', template: 't' } });
    expect(resumed.state.rows.get(1)?.status).toBe('done');
    resumed.append({ type: 'attempt', row: 2, key: 'k2', attempt: 1, cid: 'b1.2', time });
    resumed.close();
    expect(readJournal(file)!.rows.get(1)?.status).toBe('done');
    expect(
      readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { type: string }).type),
    ).toEqual(['batch', 'attempt', 'done', 'resume', 'attempt']);

    // A journal whose only line, the batch line, lacks its newline is still that batch's journal.
    const alone = path();
    batchLineOnly(alone, 'b2');
    writeFileSync(alone, readFileSync(alone, 'utf8').trimEnd());
    const again = openJournal(alone, { resume: true, batch: { id: 'other', template: 't' } });
    again.append({ type: 'attempt', row: 1, key: 'k1', attempt: 1, cid: 'b2.1', time });
    again.close();
    expect(readJournal(alone)!.batch.id).toBe('b2');
    expect(readJournal(alone)!.rows.get(1)?.status).toBe('attempt');
  });

  it('refuses a damaged line in the middle and a file that is not a journal', () => {
    const file = path();
    batchLineOnly(file, 'b1');
    appendFileSync(file, 'garbage\n{"type":"resume","time":"x"}\n');
    expect(() => readJournal(file)).toThrow(/is damaged at line 2: not JSON/);
    const other = path();
    appendFileSync(other, '{"hello":1}\n');
    expect(() => openJournal(other, { resume: true, batch: { id: 'b', template: 't' } })).toThrow(
      /is not a vsynth batch journal \(no batch line\)\. Choose another `journal` file\./,
    );
  });

  it('reads a journal larger than the longest string V8 can hold', () => {
    const file = path();
    batchLineOnly(file, 'b1');
    // 56 failed rows whose service message is 10 MiB: 560 MiB of journal, past V8's 512 MiB strings.
    const message = 'm'.repeat(10 * 1024 * 1024);
    for (let row = 1; row <= 56; row++) {
      appendFileSync(
        file,
        `${JSON.stringify({ type: 'failed', row, key: `k${row}`, reason: 'http_500', code: 'E', message, time })}\n`,
      );
    }
    const state = readJournal(file);
    expect(state?.batch.id).toBe('b1');
    expect([...state!.rows.keys()]).toEqual(Array.from({ length: 56 }, (_, i) => i + 1));
    expect(state!.rows.get(56)).toMatchObject({ key: 'k56', status: 'failed', reason: 'http_500' });
    expect(state!.rows.get(56)!.message).toHaveLength(10 * 1024 * 1024);
  }, 60_000);
});
