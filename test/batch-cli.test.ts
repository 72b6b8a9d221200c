import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { csvRows } from '@vsynth/templates';
import {
  GREETING_ARGS,
  basePool,
  greetingRows,
  ledger,
  modifiesByHeadline,
  readNdjson,
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

describe('vsynth batch', () => {
  it('survives kill -9 halfway: --resume sends no row twice, every row is in the results, at most the in-flight rows are unknown', async () => {
    sandbox = await testSandbox({ latencyMs: 40, fault5xxRate: 0.1, fault429Rate: 0.05, retryAfterSeconds: 0 });
    const { pool } = await basePool(sandbox.client, 4);
    const journal = join(sandbox.dir, 'people.journal.ndjson');
    const out = join(sandbox.dir, 'results.csv');
    const args = [
      ...GREETING_ARGS,
      '--project-pool',
      pool.join(','),
      '--concurrency',
      '4',
      '--journal',
      journal,
      '--out',
      out,
      '--events',
      'jsonl',
    ];

    const first = spawnCli(args, sandboxEnv(sandbox));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        const done = (first.output.stderr.match(/"type":"row","row":\d+,"rowKey":"[^"]+","status":"done"/g) ?? [])
          .length;
        if (done >= 20) {
          clearInterval(timer);
          first.kill('SIGKILL');
          resolve();
        }
      }, 5);
      first.once('exit', () => {
        clearInterval(timer);
        reject(new Error(`the batch ended before it was killed:\n${first.output.stderr.slice(-2000)}`));
      });
    });
    await first.exited;
    const before = modifiesByHeadline(await ledger(sandbox.url));
    expect(before.size).toBeGreaterThanOrEqual(20);
    expect(before.size).toBeLessThan(50);

    const second = spawnCli([...args, '--resume'], sandboxEnv(sandbox));
    const code = await second.exited;
    const summary = JSON.parse(second.output.stdout) as {
      skipped: number;
      done: number;
      unknown: number;
      failed: number;
    };
    const after = modifiesByHeadline(await ledger(sandbox.url));
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect(summary.unknown).toBeLessThanOrEqual(4);
    expect(summary.skipped + summary.done + summary.unknown).toBe(50);
    expect(summary.failed).toBe(0);
    expect(after.size - summary.skipped - summary.done).toBeLessThanOrEqual(summary.unknown);
    expect(code).toBe(summary.unknown === 0 ? 0 : 6);

    const rows: Record<string, string>[] = [];
    for await (const { data } of csvRows(out)) rows.push(data as Record<string, string>);
    expect(rows.map((r) => Number(r['row'])).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(rows.filter((r) => r['status'] === 'unknown')).toHaveLength(summary.unknown);
    expect(rows.every((r) => r['status'] === 'done' || r['status'] === 'unknown')).toBe(true);
    // Row by row against the ledger: a done row was accepted exactly once, an unknown row at most once, nothing else
    // was sent.
    const headlines = new Map((await greetingRows()).map((r) => [r.row, `Hello ${String(r.data['firstName'])}!`]));
    const ledgerOf = (r: Record<string, string>) => after.get(headlines.get(Number(r['row']))!) ?? 0;
    expect(rows.filter((r) => r['status'] === 'done').map(ledgerOf)).toEqual(Array(50 - summary.unknown).fill(1));
    expect(rows.filter((r) => r['status'] === 'unknown').every((r) => ledgerOf(r) <= 1)).toBe(true);
    expect([...after.keys()].every((headline) => [...headlines.values()].includes(headline))).toBe(true);
    const unknownRows = rows
      .filter((r) => r['status'] === 'unknown')
      .map((r) => Number(r['row']))
      .sort((a, b) => a - b);
    if (unknownRows.length > 0)
      expect(second.output.stderr).toContain(
        `${unknownRows.length} unknown (row${unknownRows.length === 1 ? '' : 's'} ${unknownRows.join(', ')}: sent, no answer;`,
      );
    expect(rows.find((r) => r['rowKey'] === 'user17@example.com')?.['status']).toMatch(/^(done|unknown)$/);
  });

  it('runs the greeting example with faults on and collects the webhooks', async () => {
    sandbox = await testSandbox({ fault5xxRate: 0.1, fault429Rate: 0.05, retryAfterSeconds: 0 });
    const { pool } = await basePool(sandbox.client, 4);
    const out = join(sandbox.dir, 'results.ndjson');
    const run = spawnCli(
      [
        ...GREETING_ARGS,
        '--project-pool',
        pool.join(','),
        '--concurrency',
        '8',
        '--journal',
        join(sandbox.dir, 'j.ndjson'),
        '--out',
        out,
        '--collect-webhooks',
        '--webhook-wait',
        '20',
        '--events',
        'none',
      ],
      sandboxEnv(sandbox),
    );
    expect(await run.exited).toBe(0);
    const summary = JSON.parse(run.output.stdout) as Record<string, unknown>;
    expect(summary).toMatchObject({ rows: 50, submitted: 50, done: 50, failed: 0, unknown: 0 });
    const counts = modifiesByHeadline(await ledger(sandbox.url));
    expect(counts.size).toBe(50);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const results = await readNdjson(out);
    expect(results).toHaveLength(50);
    expect(results.every((r) => typeof r['videoUrl'] === 'string' && typeof r['duration'] === 'number')).toBe(true);
    expect(counts.get('Hello 李雷!')).toBe(1);
    const written = `${await readFile(out, 'utf8')}${await readFile(join(sandbox.dir, 'j.ndjson'), 'utf8')}${run.output.stderr}${run.output.stdout}`;
    expect(written).not.toContain('sandbox-key');
    expect(written).not.toContain('vs_sig');
    expect(counts.get('Hello 🎉 Party!')).toBe(1);
  });

  it('stops before --max-cubes is exceeded, lists every row not sent, exits 6; --resume with a higher cap finishes', async () => {
    sandbox = await testSandbox();
    const { pool } = await basePool(sandbox.client, 2);
    const out = join(sandbox.dir, 'results.ndjson');
    const args = [
      ...GREETING_ARGS,
      '--project-pool',
      pool.join(','),
      '--journal',
      join(sandbox.dir, 'j.ndjson'),
      '--out',
      out,
      '--events',
      'none',
    ];
    const run = spawnCli([...args, '--max-cubes', '10'], sandboxEnv(sandbox));
    expect(await run.exited).toBe(6);
    expect(JSON.parse(run.output.stdout)).toMatchObject({
      rows: 50,
      done: 2,
      failed: 48,
      failedByReason: { max_cubes: 48 },
      stoppedAtMaxCubes: true,
      cubes: 8,
    });
    expect(run.output.stderr).toContain(
      'vsynth: warning: Stopped before row 3: its estimated 4 cubes would bring the batch to 12, over --max-cubes 10.\n',
    );
    expect(run.output.stderr).toContain('stopped before exceeding --max-cubes 10');
    expect(run.output.stderr).not.toContain('✖ row'); // the 48 rows are told once, not one by one
    const written = await readNdjson(out);
    expect(written.map((r) => r['row']).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(written.filter((r) => r['reason'] === 'max_cubes' && r['attempts'] === 0)).toHaveLength(48);
    const charged = (await ledger(sandbox.url))
      .filter((e) => e.endpoint === 'POST /api/odin/v3/project/modify')
      .reduce((sum, e) => sum + e.cubes, 0);
    expect(charged).toBe(8);

    const resumed = spawnCli([...args, '--max-cubes', '1000', '--resume'], sandboxEnv(sandbox));
    expect(await resumed.exited).toBe(0);
    expect(JSON.parse(resumed.output.stdout)).toMatchObject({ rows: 50, skipped: 2, done: 48, failed: 0, cubes: 192 });
    const counts = modifiesByHeadline(await ledger(sandbox.url));
    expect(counts.size).toBe(50);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
  });
});
