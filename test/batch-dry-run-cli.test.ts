import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GREETING,
  GREETING_ARGS,
  ROOT,
  ledger,
  sandboxEnv,
  spawnCli,
  testSandbox,
  type TestSandbox,
} from './batch-helpers.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

describe('vsynth batch --dry-run and bad options', () => {
  it('dry-runs without sending: prints failing rows with row and variable, the estimate, and exits 3', async () => {
    sandbox = await testSandbox();
    const data = join(sandbox.dir, 'rows.ndjson');
    await writeFile(
      data,
      [
        '{"firstName":"Ana","city":"Lisbon","company":"","offer":"o","discount":"0.1","validUntil":"2027-01-01"}',
        '{"frstName":"Bo","city":"Oslo","company":"","offer":"o","discount":"0.1","validUntil":"2027-01-01"}',
      ].join('\n'),
    );
    const run = spawnCli(
      [
        'batch',
        '--template',
        join(GREETING, 'modify.json'),
        '--slots-from',
        join(GREETING, 'video.tsx'),
        '--data',
        data,
        '--dry-run',
        '--events',
        'none',
      ],
      sandboxEnv(sandbox),
    );
    expect(await run.exited).toBe(3);
    expect(run.output.stderr).toContain(
      `✖ missing variable "firstName" in updates.title_0: the row has no such column (did you mean "frstName"?)\n  → at ${data} row 2, firstName · updates.title_0`,
    );
    expect(JSON.parse(run.output.stdout)).toMatchObject({ ok: 1, failed: 1, cubes: 3, submitted: 0 });
    expect(run.output.stderr).toContain(
      'vsynth: dry run: 1 of 2 rows would send 1 modify request, an estimated 3 cubes; 1 would fail. Nothing was sent.\n',
    );
    expect(await ledger(sandbox.url)).toEqual([]);
  });

  it('dry-runs every row past --max-cubes: estimates the whole batch, says where a run would stop, exits 6', async () => {
    const run = spawnCli([...GREETING_ARGS, '--dry-run', '--max-cubes', '30', '--events', 'none']);
    expect(await run.exited).toBe(6);
    expect(JSON.parse(run.output.stdout)).toMatchObject({
      rows: 50,
      ok: 50,
      failed: 0,
      cubes: 200,
      stoppedAtMaxCubes: true,
      submitted: 0,
    });
    expect(run.output.stderr).toContain(
      'vsynth: warning: A run would stop before row 8: its estimated 4 cubes would bring the batch to 32, over --max-cubes 30.\n',
    );
    expect(run.output.stderr).toContain(
      'vsynth: The 50 rows need an estimated 200 cubes, over --max-cubes 30: a run would stop where the warning above says. Raise --max-cubes to send every row.\n',
    );
  });

  it('exits 2 for options that do not go together, naming them', async () => {
    const run = spawnCli([...GREETING_ARGS, '--resend-unknown', '--events', 'none']);
    expect(await run.exited).toBe(2);
    expect(run.output.stderr).toBe('vsynth: --resend-unknown only applies with --resume.\n');
    expect(run.output.stdout).toBe('');
  });

  it('compiles a TSX template to legacy with --lossy, dropping what legacy cannot express with a warning per row', async () => {
    const dir = (sandbox = await testSandbox()).dir;
    const requests = join(dir, 'requests.ndjson');
    const template = join(ROOT, 'examples/batch/create-per-row/welcome.tsx');
    const data = join(ROOT, 'examples/batch/create-per-row/customers.csv');
    const run = spawnCli([
      'batch',
      '--template',
      template,
      '--data',
      data,
      '--dry-run',
      '--target',
      'legacy',
      '--lossy',
      '--requests',
      requests,
      '--events',
      'none',
    ]);
    expect(await run.exited).toBe(0);
    expect(JSON.parse(run.output.stdout)).toMatchObject({ ok: 5, failed: 0 });
    expect(run.output.stderr).toMatch(
      /\nvsynth: warning: <Text> [^\n]*cannot be expressed in a legacy payload; dropped \(lossy compile\)\n {2}→ at row 5/,
    );
    const first = JSON.parse((await readFile(requests, 'utf8')).split('\n')[0]!) as {
      kind: string;
      body: { scenes: { AIModel: { script: string } }[] };
    };
    expect([first.kind, first.body.scenes[0]!.AIModel.script]).toEqual([
      'legacy',
      'Welcome aboard, Acme & Sons! Your Pro plan with 12 seats is ready.',
    ]);
    const v3 = spawnCli(['batch', '--template', template, '--data', data, '--dry-run', '--lossy']);
    expect(await v3.exited).toBe(2);
    expect(v3.output.stderr).toBe('vsynth: --lossy only applies to a TSX template compiled with --target legacy.\n');
  });

  it('fails a TSX template row that lacks a prop its schema requires, naming row and column', async () => {
    sandbox = await testSandbox();
    const data = join(sandbox.dir, 'customers.csv');
    await writeFile(data, 'nme,plan,seats\nAna,Pro,3\n');
    const run = spawnCli([
      'batch',
      '--template',
      join(ROOT, 'examples/batch/create-per-row/welcome.tsx'),
      '--data',
      data,
      '--dry-run',
      '--events',
      'none',
    ]);
    expect(await run.exited).toBe(3);
    expect(run.output.stderr).toContain(
      'vsynth: warning: The TSX template examples/batch/create-per-row/welcome.tsx does not use column "nme".\n' +
        `✖ column "name": is required: expected a string, received nothing\n  → at ${data} row 1 · name\n`,
    );
  });
});
