import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBatch } from '@vsynth/batch';
import { iterableRows } from '@vsynth/templates';
import {
  basePool,
  greetingRows,
  greetingTemplate,
  instantClock,
  testSandbox,
  type TestSandbox,
} from './batch-helpers.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('results file of a resumed batch', () => {
  // CSV: NDJSON and JSON list a row the resumed run found done with `"skipped":true`, its fields
  // in the order the journal gives them.
  it('is byte for byte the uninterrupted run’s (.csv)', async () => {
    const extension = 'csv';
    sandbox = await testSandbox();
    const { pool, slots, payload } = await basePool(sandbox.client, 1);
    const rows = (await greetingRows()).slice(0, 8).map((r) => r.data);
    const options = {
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: pool,
      concurrency: 1,
      estimate: { base: payload },
      clock: instantClock,
      keyColumn: 'email',
      secrets: [],
    };
    const whole = join(sandbox.dir, `whole.${extension}`);
    await runBatch({
      ...options,
      rows: iterableRows(rows),
      journal: join(sandbox.dir, 'whole.journal.ndjson'),
      results: whole,
    });

    const resumed = join(sandbox.dir, `resumed.${extension}`);
    const journal = join(sandbox.dir, 'resumed.journal.ndjson');
    const stopped = await runBatch({ ...options, rows: iterableRows(rows), journal, results: resumed, maxCubes: 12 });
    expect(stopped).toMatchObject({ done: 3, stoppedAtMaxCubes: true });
    expect(
      await runBatch({ ...options, rows: iterableRows(rows), journal, results: resumed, resume: true }),
    ).toMatchObject({ skipped: 3, done: 5 });

    expect(await readFile(resumed, 'utf8')).toBe(await readFile(whole, 'utf8'));
  });
});
