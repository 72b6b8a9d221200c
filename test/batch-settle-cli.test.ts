import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openJournal, readJournal } from '@vsynth/batch';
import { runVsynth } from './run-vsynth.js';

let dir: string | undefined;
afterAll(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe('vsynth batch unknown and batch settle', () => {
  it('list the unknown rows and record what the user found, for --resume to follow', async () => {
    dir = await mkdtemp(join(tmpdir(), 'vsynth-settle-cli-'));
    const journal = join(dir, 'people.journal.ndjson');
    const time = '2026-01-01T10:00:00.000Z';
    const open = openJournal(journal, { batch: { id: 'b1', template: 'modify template' } });
    const name = 'vsynth b1.4 ana@example.com';
    open.append({
      type: 'attempt',
      row: 4,
      key: 'ana@example.com',
      attempt: 1,
      cid: 'b1.4',
      projectId: 'p-4',
      name,
      time,
    });
    open.append({ type: 'attempt', row: 7, key: 'bo@example.com', attempt: 1, cid: 'b1.7', projectId: 'p-7', time });
    open.close();

    const listed = await runVsynth(['batch', 'unknown', '--journal', journal]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toBe(
      `row 4\tkey ana@example.com\tsent ${time}\tcorrelation id b1.4\tproject p-4\tproject name ${name}\n` +
        `row 7\tkey bo@example.com\tsent ${time}\tcorrelation id b1.7\tproject p-7\n`,
    );
    expect(listed.stderr).toContain("vsynth: 2 unknown rows: look each up in the service's project list");

    const done = await runVsynth(['batch', 'settle', '--journal', journal, '--row', '4', '--done', 'p-found']);
    expect(done.stderr).toBe('vsynth: row 4 settled as done (project p-found): --resume skips it.\n');
    expect(done.code).toBe(0);
    const notSent = await runVsynth(['batch', 'settle', '--journal', journal, '--row', '7', '--not-sent']);
    expect(notSent.code).toBe(0);
    expect(readJournal(journal)!.rows.get(4)).toMatchObject({ status: 'done', projectId: 'p-found' });
    expect(readJournal(journal)!.rows.get(7)).toMatchObject({ status: 'failed', reason: 'not_sent' });

    const again = await runVsynth(['batch', 'settle', '--journal', journal, '--row', '4', '--not-sent']);
    expect(again.stderr).toBe('vsynth: Row 4 is done, not unknown: only unknown rows are settled.\n');
    expect(again.code).toBe(2);
    const neither = await runVsynth(['batch', 'settle', '--journal', journal, '--row', '7']);
    expect(neither.stderr).toContain('Give --done PROJECT_ID or --not-sent, one of the two.');
    expect(neither.code).toBe(2);
    const nowhere = await runVsynth(['batch', 'unknown', '--journal', journal, '--batch-id', 'b1']);
    expect(nowhere.stderr).toBe(
      "vsynth: Give the batch's --journal FILE, or --queue URL with --batch-id ID for a queued batch, one of the two.\n",
    );
    expect(nowhere.code).toBe(2);
    const none = await runVsynth(['batch', 'unknown', '--journal', journal, '--json']);
    expect(none.stdout).toBe('');
    expect(none.stderr).toBe(`vsynth: no unknown rows in ${journal}.\n`);
  }, 120_000);
});
