import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUsageError } from '@vsynth/core';
import { iterableRows, modifyTemplate } from '@vsynth/templates';
import type { BatchClient } from './batch-client.js';
import { openJournal } from './open-journal.js';
import { runBatch } from './run-batch.js';
import { settleRow, unknownRows } from './settle-row.js';
import { tempDirs } from './test-temp-dirs.js';

const dir = tempDirs('vsynth-settle-');
const time = '2026-01-01T10:00:00.000Z';
const template = modifyTemplate({ projectId: 'p-base', updates: { title: 'Hi {{name}}' } });

/** A journal where rows a, b, c were sent and only a's answer came back. */
function killedBatch(): string {
  const path = join(dir(), 'j.ndjson');
  const journal = openJournal(path, { batch: { id: 'b1', template: template.description } });
  for (const [row, key] of [
    [1, 'a'],
    [2, 'b'],
    [3, 'c'],
  ] as const)
    journal.append({ type: 'attempt', row, key, attempt: 1, cid: `b1.${row}`, projectId: 'p-base', time });
  journal.append({ type: 'done', row: 1, key: 'a', via: 'response', projectId: 'p-1', time });
  journal.close();
  return path;
}

describe('unknownRows and settleRow', () => {
  it('list the unknown rows with what finds them at the service, and a resume follows what was settled', async () => {
    const journal = killedBatch();
    expect(unknownRows(journal)).toEqual([
      {
        row: 2,
        rowKey: 'b',
        attempts: 1,
        reason: 'no_outcome',
        sentAt: time,
        correlationId: 'b1.2',
        projectId: 'p-base',
      },
      {
        row: 3,
        rowKey: 'c',
        attempts: 1,
        reason: 'no_outcome',
        sentAt: time,
        correlationId: 'b1.3',
        projectId: 'p-base',
      },
    ]);
    expect(settleRow(journal, { row: 2, done: 'p-2' })).toMatchObject({ status: 'done', projectId: 'p-2' });
    expect(settleRow(journal, { row: 3, notSent: true })).toMatchObject({ status: 'failed', reason: 'not_sent' });
    expect(unknownRows(journal)).toEqual([]);

    const sent: string[] = [];
    const client = {
      modifyProject: async (body: { updates: { title: string } }) => {
        sent.push(body.updates.title);
        return { projectId: 'p-new' };
      },
    } as unknown as BatchClient;
    const summary = await runBatch({
      rows: iterableRows([{ name: 'a' }, { name: 'b' }, { name: 'c' }]),
      template,
      client,
      journal,
      resume: true,
      keyColumn: 'name',
      secrets: [],
    });
    expect(sent).toEqual(['Hi c']);
    expect(summary).toMatchObject({ skipped: 2, done: 1, unknown: 0 });
  });

  it('refuses to settle a row that is not unknown, or without saying what was found', () => {
    const journal = killedBatch();
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        expect(isUsageError(error)).toBe(true);
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => settleRow(journal, { row: 1, notSent: true }))).toBe(
      'Row 1 is done, not unknown: only unknown rows are settled.',
    );
    expect(refusal(() => settleRow(journal, { row: 9, notSent: true }))).toBe(
      `Row 9 was never sent in the batch of ${journal}: there is nothing to settle.`,
    );
    expect(refusal(() => settleRow(journal, { row: 2 }))).toBe(
      'Settle a row as `done` (with the project id found) or as `notSent`, one of the two.',
    );
    expect(refusal(() => settleRow(join(dir(), 'none.ndjson'), { row: 2, notSent: true }))).toMatch(
      /^There is no batch journal at .*none\.ndjson/,
    );
  });
});
