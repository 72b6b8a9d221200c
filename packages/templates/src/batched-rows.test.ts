import { describe, expect, it } from 'vitest';
import { BatchedRows } from './batched-rows.js';
import type { DataRow } from './data-row.js';

const rows = (from: number, count: number): DataRow[] => Array.from({ length: count }, (_, i) => ({ row: from + i, data: { n: String(from + i) } }));

describe('BatchedRows', () => {
  it('yields the rows of every batch in order, skipping empty batches, to for await and to calls made at once', async () => {
    async function* batches() {
      yield rows(1, 2);
      yield [];
      yield rows(3, 3);
    }
    const seen: number[] = [];
    for await (const { row } of new BatchedRows(batches())) seen.push(row);
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    const at = new BatchedRows(batches());
    const results = await Promise.all(Array.from({ length: 7 }, () => at.next()));
    expect(results.map((r) => (r.done ? 'done' : r.value.row))).toEqual([1, 2, 3, 4, 5, 'done', 'done']);
  });

  it('ends the source on return (its finally runs) and passes its error on once', async () => {
    const events: string[] = [];
    async function* batches() {
      try {
        yield rows(1, 2);
        yield rows(3, 1);
        throw new Error('bad chunk');
      } finally {
        events.push('closed');
      }
    }
    for await (const { row } of new BatchedRows(batches())) if (row === 1) break;
    expect(events).toEqual(['closed']);
    const failing = new BatchedRows(batches());
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const { row } of failing) seen.push(row);
      })(),
    ).rejects.toThrow('bad chunk');
    expect(seen).toEqual([1, 2, 3]);
    expect(await failing.next()).toEqual({ value: undefined, done: true });
  });
});
