import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { readJournal, runBatch } from '@vsynth/batch';
import { iterableRows } from '@vsynth/templates';
import {
  basePool,
  greetingRows,
  greetingTemplate,
  instantClock,
  ledger,
  modifiesByHeadline,
  sandboxEnv,
  spawnCli,
  testSandbox,
  type TestSandbox,
} from './batch-helpers.js';
import { VSYNTH_NODE_ARGS } from './run-vsynth.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

/**
 * The real CLI with a file size limit (`ulimit -f`, KiB): a write that crosses it is cut short, the next fails with
 * EFBIG, as on a full disk.
 */
function cliWithFileLimit(
  kib: number,
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(
    'bash',
    ['-c', `ulimit -f ${kib} && exec "$0" "$@"`, process.execPath, ...VSYNTH_NODE_ARGS, ...args],
    {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

/** A modify template setting the greeting video's headline (title_0) per person, and `n` people, as files in `dir`. */
async function headlineBatch(dir: string, n: number): Promise<{ template: string; data: string }> {
  const template = join(dir, 'modify.json');
  const data = join(dir, 'people.csv');
  await writeFile(
    template,
    JSON.stringify({ projectId: 'p-base', updates: { title_0: 'Hello {{name}}!' }, isExport: true }),
  );
  await writeFile(data, `name\n${Array.from({ length: n }, (_, i) => `person ${i + 1}`).join('\n')}\n`);
  return { template, data };
}

describe('vsynth batch when a file cannot be written whole (disk full)', () => {
  it('sends no row whose attempt line is not whole in the journal, and --resume then sends no row twice', async () => {
    sandbox = await testSandbox();
    const { pool } = await basePool(sandbox.client, 1);
    const { template, data } = await headlineBatch(sandbox.dir, 40);
    const rowOf = (headline: string) => Number(/^Hello person (\d+)!$/.exec(headline)![1]);
    // Limits that fall at different places of the journal's lines, with both durabilities.
    for (const [durability, kib] of [
      ['fsync', 2],
      ['fsync', 3],
      ['fsync', 4],
      ['write', 3],
    ] as const) {
      const journal = join(sandbox.dir, `people-${durability}-${kib}.journal.ndjson`);
      const args = [
        'batch',
        '--template',
        template,
        '--data',
        data,
        '--key-column',
        'name',
        '--project-pool',
        pool.join(','),
        '--concurrency',
        '1',
        '--journal',
        journal,
        '--durability',
        durability,
        '--events',
        'none',
      ];
      const before = modifiesByHeadline(await ledger(sandbox.url));
      const cut = await cliWithFileLimit(kib, args, sandboxEnv(sandbox));
      expect(cut.stderr).toMatch(
        /^vsynth: Cannot write the journal .*people-\w+-\d\.journal\.ndjson \(EFBIG\); rows are not sent without a durable journal\.$/m,
      );
      expect(cut.code).toBe(6);

      // Every row the service received has its attempt in the journal, as a resume reads it.
      const recorded = readJournal(journal)!.rows;
      const sent = [...modifiesByHeadline(await ledger(sandbox.url))]
        .filter(([headline, n]) => n > (before.get(headline) ?? 0))
        .map(([headline]) => rowOf(headline));
      expect(sent.length).toBeGreaterThan(3);
      expect(sent.filter((row) => !recorded.has(row))).toEqual([]);

      // A row whose done line was lost is unknown (exit 6), not sent again; every other row is sent once.
      await spawnCli([...args, '--resume'], sandboxEnv(sandbox)).exited;
      const after = modifiesByHeadline(await ledger(sandbox.url));
      expect(
        [...after]
          .filter(([headline, n]) => n - (before.get(headline) ?? 0) !== 1)
          .map(([headline]) => rowOf(headline)),
      ).toEqual([]);
      expect(after.size).toBe(40);
    }
  }, 120_000);

  it('says the results file could not be written, instead of leaving it cut short with exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-results-full-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const { template, data } = await headlineBatch(dir, 100);
    const out = join(dir, 'results.csv');
    // A dry run keeps no journal: the results file (100 rows, ~3 KiB) is the only file it writes.
    const cut = await cliWithFileLimit(
      1,
      ['batch', '--template', template, '--data', data, '--dry-run', '--out', out, '--events', 'none'],
      {},
    );
    expect(cut.stderr).toContain(`vsynth: Cannot write the results file ${out} (EFBIG); it was left as it was.`);
    expect(cut.code).toBe(6);
    expect(await readdir(dir)).not.toContain('results.csv');
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('says the --requests file of a dry run could not be written, not an internal error, and leaves none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-requests-full-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const { template, data } = await headlineBatch(dir, 100);
    const requests = join(dir, 'requests.ndjson');
    const cut = await cliWithFileLimit(
      1,
      ['batch', '--template', template, '--data', data, '--dry-run', '--requests', requests, '--events', 'none'],
      {},
    );
    expect(cut.stderr).toContain(`vsynth: Cannot write the requests file ${requests} (EFBIG); it was left as it was.`);
    expect(cut.stderr).not.toContain('internal error');
    expect(cut.code).toBe(6);
    expect(await readdir(dir)).not.toContain('requests.ndjson');
    expect((await readdir(dir)).filter((name) => name.endsWith('.partial'))).toEqual([]);
  });

  it('a results file on a full disk fails the batch naming it, and releases the journal: --resume in the same process writes them', async () => {
    sandbox = await testSandbox();
    const { pool, slots } = await basePool(sandbox.client, 2);
    const rows = (await greetingRows()).slice(0, 6).map((r) => r.data);
    const journal = join(sandbox.dir, 'people.journal.ndjson');
    const full = join(sandbox.dir, 'full.csv');
    // Results are written beside the file and renamed over it: that write fails with ENOSPC.
    await symlink('/dev/full', join(sandbox.dir, '.full.csv.partial'));
    const options = {
      template: await greetingTemplate(slots),
      client: sandbox.client,
      projectPool: pool,
      journal,
      clock: instantClock,
      keyColumn: 'email',
    };
    await expect(runBatch({ ...options, rows: iterableRows(rows), results: full })).rejects.toThrow(
      `Cannot write the results file ${full} (ENOSPC); it was left as it was.`,
    );
    expect(existsSync(full)).toBe(false);
    expect(existsSync(`${journal}.lock`)).toBe(false);

    const out = join(sandbox.dir, 'results.csv');
    const resumed = await runBatch({ ...options, rows: iterableRows(rows), results: out, resume: true });
    expect(resumed).toMatchObject({ rows: 6, skipped: 6, submitted: 0 });
    expect((await readFile(out, 'utf8')).split('\n').slice(1, 3)).toEqual([
      `1,user1@example.com,done,,${readJournal(journal)!.rows.get(1)!.projectId},,,,1,3,,`,
      `2,user2@example.com,done,,${readJournal(journal)!.rows.get(2)!.projectId},,,,1,3,,`,
    ]);
    expect([...modifiesByHeadline(await ledger(sandbox.url)).values()]).toEqual([1, 1, 1, 1, 1, 1]);
  });
});
