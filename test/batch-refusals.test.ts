/**
 * Every refusal of `vsynth batch` before it sends leaves the results file, the journal and the
 * --requests file byte for byte as they were, sends nothing and exits with its cause's code.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GREETING, basePool, ledger, sandboxEnv, testSandbox, type TestSandbox } from './batch-helpers.js';
import { runVsynth } from './run-vsynth.js';

let sandbox: TestSandbox;
let paths: { data: string; journal: string; out: string; requests: string };
let base: string[];

/** The bytes of each output, or null for one that does not exist. */
async function outputs(): Promise<Record<string, string | null>> {
  const entries = await Promise.all(
    Object.entries(paths).map(async ([name, path]) => [name, existsSync(path) ? await readFile(path, 'latin1') : null]),
  );
  return Object.fromEntries(entries);
}

beforeAll(async () => {
  sandbox = await testSandbox();
  const { pool } = await basePool(sandbox.client, 1);
  const people = (await readFile(join(GREETING, 'people.csv'), 'utf8')).split('\n');
  paths = {
    data: join(sandbox.dir, 'people.csv'),
    journal: join(sandbox.dir, 'people.journal.ndjson'),
    out: join(sandbox.dir, 'results.csv'),
    requests: join(sandbox.dir, 'requests.ndjson'),
  };
  await writeFile(paths.data, `${people.slice(0, 7).join('\n')}\n`);
  await writeFile(paths.requests, '{"earlier":"dry run"}\n');
  base = [
    'batch',
    '--template',
    join(GREETING, 'modify.json'),
    '--slots-from',
    join(GREETING, 'video.tsx'),
    '--project-pool',
    pool.join(','),
    '--key-column',
    'email',
    '--events',
    'none',
  ];
  const first = await runVsynth([...base, '--data', paths.data, '--journal', paths.journal, '--out', paths.out], {
    env: sandboxEnv(sandbox),
  });
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
}, 60_000);

afterAll(async () => {
  await sandbox?.dispose();
});

const run = (args: readonly string[], env: Record<string, string> = sandboxEnv(sandbox)) =>
  runVsynth([...base, ...args], { env });

describe('a refused batch', () => {
  it('refuses a resume whose data file changed (a row inserted at the top): exit 3, nothing sent or rewritten', async () => {
    const before = await outputs();
    const sent = (await ledger(sandbox.url)).length;
    const lines = (await readFile(paths.data, 'utf8')).split('\n');
    const changed = join(sandbox.dir, 'changed.csv');
    await writeFile(changed, [lines[0], 'Eve,Oslo,,Tea,0.1,2027-01-01,eve@example.com', ...lines.slice(1)].join('\n'));
    const refused = await run(['--data', changed, '--journal', paths.journal, '--out', paths.out, '--resume']);
    expect(refused.stderr).toContain(
      `vsynth: Row 1 differs from the row the journal ${paths.journal} recorded (key user1@example.com, now eve@example.com): the data file changed since the batch started.`,
    );
    expect(refused.code).toBe(3);
    expect(await outputs()).toEqual(before);
    expect((await ledger(sandbox.url)).length).toBe(sent);
  });

  it('refuses a journal that records a batch without --resume: exit 2', async () => {
    const before = await outputs();
    const refused = await run(['--data', paths.data, '--journal', paths.journal, '--out', paths.out]);
    expect(refused.stderr).toContain(`vsynth: The journal ${paths.journal} already records batch`);
    expect(refused.code).toBe(2);
    expect(await outputs()).toEqual(before);
  });

  it('refuses a journal another live process holds: exit 2', async () => {
    const before = await outputs();
    await writeFile(`${paths.journal}.lock`, `${process.pid}\n`);
    try {
      const refused = await run(['--data', paths.data, '--journal', paths.journal, '--out', paths.out, '--resume']);
      expect(refused.stderr).toContain(`${process.pid}`);
      expect(refused.code).toBe(2);
      expect(await outputs()).toEqual(before);
    } finally {
      await rm(`${paths.journal}.lock`);
    }
  });

  it('refuses a damaged journal on --resume: exit 3', async () => {
    const damaged = join(sandbox.dir, 'damaged.journal.ndjson');
    const journal = await readFile(paths.journal, 'utf8');
    await writeFile(damaged, journal.replace('\n', '\nnot json\n'));
    const before = { ...(await outputs()), damaged: await readFile(damaged, 'latin1') };
    const refused = await run(['--data', paths.data, '--journal', damaged, '--out', paths.out, '--resume']);
    expect(refused.stderr).toContain(`vsynth: The journal ${damaged} is damaged at line 2: not JSON.`);
    expect(refused.code).toBe(3);
    expect({ ...(await outputs()), damaged: await readFile(damaged, 'latin1') }).toEqual(before);
  });

  it('refuses a data file with an unclosed quote, on --resume and in a new batch: exit 3', async () => {
    const broken = join(sandbox.dir, 'broken.csv');
    const lines = (await readFile(paths.data, 'utf8')).split('\n');
    await writeFile(broken, [...lines.slice(0, 3), 'Eve,"Oslo,,Tea,0.1,2027-01-01,eve@example.com', ''].join('\n'));
    const before = await outputs();
    const resumed = await run(['--data', broken, '--journal', paths.journal, '--out', paths.out, '--resume']);
    expect(resumed.stderr).toContain('broken.csv');
    expect(resumed.code).toBe(3);
    expect(await outputs()).toEqual(before);
    const fresh = join(sandbox.dir, 'fresh.journal.ndjson');
    const started = await run(['--data', broken, '--journal', fresh, '--out', paths.out]);
    expect(started.code).toBe(3);
    expect(await outputs()).toEqual(before);
    expect(existsSync(fresh)).toBe(false);
  });

  it('a dry run refuses a data file with an unclosed quote on its own read: exit 3, --out and --requests unchanged', async () => {
    const broken = join(sandbox.dir, 'broken-late.csv');
    const lines = (await readFile(paths.data, 'utf8')).trimEnd().split('\n');
    await writeFile(broken, [...lines, 'Eve,"Oslo,,Tea,0.1,2027-01-01,eve@example.com', ''].join('\n'));
    const before = await outputs();
    const dry = await run(['--data', broken, '--dry-run', '--out', paths.out, '--requests', paths.requests]);
    expect(dry.stderr).toContain(`in the record starting on line ${lines.length + 1}, a quoted field is never closed`);
    expect(dry.code).toBe(3);
    expect(await outputs()).toEqual(before);
  });

  it('refuses a data file without rows: exit 3', async () => {
    const empty = join(sandbox.dir, 'empty.csv');
    await writeFile(empty, 'firstName,city,company,offer,discount,validUntil,email\n');
    const before = await outputs();
    const refused = await run(['--data', empty, '--journal', join(sandbox.dir, 'e.ndjson'), '--out', paths.out]);
    expect(refused.stderr).toContain('no rows');
    expect(refused.code).toBe(3);
    expect(await outputs()).toEqual(before);
    expect(existsSync(join(sandbox.dir, 'e.ndjson'))).toBe(false);
  });

  it('refuses a results file it cannot write (unknown extension, missing folder) before the journal: exit 2', async () => {
    const before = await outputs();
    const odd = await run([
      '--data',
      paths.data,
      '--journal',
      paths.journal,
      '--out',
      join(sandbox.dir, 'r.txt'),
      '--resume',
    ]);
    expect(odd.stderr).toContain('Cannot tell the format of results file');
    expect(odd.code).toBe(2);
    const missing = join(sandbox.dir, 'no-such-folder', 'r.csv');
    const nowhere = await run(['--data', paths.data, '--journal', paths.journal, '--out', missing, '--resume']);
    expect(nowhere.stderr).toContain(`vsynth: Cannot write the results file ${missing}: the folder`);
    expect(nowhere.code).toBe(2);
    expect(await outputs()).toEqual(before);
  });

  it('refuses a resume without credentials and bad option pairs: exit 2', async () => {
    const before = await outputs();
    const args = ['--data', paths.data, '--journal', paths.journal, '--out', paths.out, '--resume'];
    const bare = await runVsynth([...base, ...args], { env: { VSYNTH_BASE_URL: '', VSYNTH_API_KEY: '' } });
    expect(bare.code).toBe(2);
    const unknownAlone = await run([
      '--data',
      paths.data,
      '--journal',
      paths.journal,
      '--out',
      paths.out,
      '--resend-unknown',
    ]);
    expect(unknownAlone.stderr).toContain('--resend-unknown only applies with --resume.');
    expect(unknownAlone.code).toBe(2);
    expect(await outputs()).toEqual(before);
  });

  it('a dry run refused by its data leaves the --requests file as it was: exit 3', async () => {
    const broken = join(sandbox.dir, 'broken-dry.csv');
    const lines = (await readFile(paths.data, 'utf8')).split('\n');
    await writeFile(broken, [...lines.slice(0, 4), 'Eve,"Oslo,,Tea,0.1,2027-01-01,eve@example.com', ''].join('\n'));
    const before = await outputs();
    const refused = await run(['--data', broken, '--dry-run', '--requests', paths.requests, '--out', paths.out]);
    expect(refused.code).toBe(3);
    expect(await outputs()).toEqual(before);
    const dry = await run(['--data', paths.data, '--dry-run', '--requests', paths.requests]);
    expect(dry.code).toBe(0);
    expect((await readFile(paths.requests, 'utf8')).trim().split('\n')).toHaveLength(6);
  });
});
