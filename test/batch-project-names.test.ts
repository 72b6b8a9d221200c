import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchFiles, ledger, sandboxEnv, testSandbox, type TestSandbox } from './batch-helpers.js';
import { runVsynth } from './run-vsynth.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

const CREATE = 'POST /api/odin/v3/editor/project';

describe('vsynth batch names the projects it creates', () => {
  it('gives each create the row key, lists it for unknown rows, and settling by the project list makes --resume send nothing', async () => {
    // Every create is stored and its answer lost: both rows end unknown.
    sandbox = await testSandbox({ faultLostResponseRate: 1 });
    const { template, data } = await createBatchFiles(sandbox.dir);
    const journal = join(sandbox.dir, 'people.journal.ndjson');
    const args = ['batch', '--template', template, '--data', data, '--key-column', 'email', '--journal', journal];
    const env = { env: sandboxEnv(sandbox) };
    const first = await runVsynth([...args, '--events', 'none'], env);
    expect(first.code).toBe(6);
    expect(first.stderr).toContain('2 unknown (rows 1, 2: sent, no answer');
    const batchId = (JSON.parse(first.stdout) as { batchId: string }).batchId;

    const creates = (await ledger(sandbox.url)).filter((entry) => entry.endpoint === CREATE);
    // A control character in a key becomes a space: the name stays one line in any list.
    const names = [`vsynth ${batchId}.1 ana@example.com`, `vsynth ${batchId}.2 tab here@example.com`];
    expect(creates.map((entry) => entry.body['name'])).toEqual(names);

    const listed = await runVsynth(['batch', 'unknown', '--journal', journal, '--json']);
    expect(listed.code).toBe(0);
    const rows = listed.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(
      rows.map(({ row, rowKey, correlationId, projectName }) => ({ row, rowKey, correlationId, projectName })),
    ).toEqual([
      { row: 1, rowKey: 'ana@example.com', correlationId: `${batchId}.1`, projectName: names[0] },
      { row: 2, rowKey: 'tab\there@example.com', correlationId: `${batchId}.2`, projectName: names[1] },
    ]);
    expect(rows.every((row) => typeof row['sentAt'] === 'string')).toBe(true);
    // What a person does: find each name in the project list, settle the row with the project found.
    for (const row of rows) {
      const found = creates.find((entry) => entry.body['name'] === row['projectName']);
      const settled = await runVsynth([
        'batch',
        'settle',
        '--journal',
        journal,
        '--row',
        String(row['row']),
        '--done',
        String(found?.projectId),
      ]);
      expect(settled.code).toBe(0);
    }
    const resumed = await runVsynth([...args, '--events', 'none', '--resume'], env);
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, skipped: 2, submitted: 0, unknown: 0 });
    expect((await ledger(sandbox.url)).filter((entry) => entry.endpoint === CREATE)).toHaveLength(2);
  }, 60_000);

  it('sends the template as it is with --no-project-names', async () => {
    sandbox = await testSandbox();
    const { template, data } = await createBatchFiles(sandbox.dir);
    const run = await runVsynth(
      ['batch', '--template', template, '--data', data, '--no-project-names', '--events', 'none'],
      { env: sandboxEnv(sandbox) },
    );
    expect(run.code).toBe(0);
    const creates = (await ledger(sandbox.url)).filter((entry) => entry.endpoint === CREATE);
    expect(creates).toHaveLength(2);
    expect(creates.every((entry) => !('name' in entry.body))).toBe(true);
  }, 60_000);
});
