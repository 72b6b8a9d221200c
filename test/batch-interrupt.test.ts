import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  GREETING,
  basePool,
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

describe('vsynth batch and Ctrl-C', () => {
  it('finishes the requests in flight, flushes journal and results, exits 6, and --resume completes the batch', async () => {
    sandbox = await testSandbox({ latencyMs: 60 });
    const { pool } = await basePool(sandbox.client, 3);
    const out = join(sandbox.dir, 'results.ndjson');
    const args = [
      'batch',
      '--template',
      join(GREETING, 'modify.json'),
      '--slots-from',
      join(GREETING, 'video.tsx'),
      '--data',
      join(GREETING, 'people.csv'),
      '--project-pool',
      pool.join(','),
      '--concurrency',
      '3',
      '--journal',
      join(sandbox.dir, 'journal.ndjson'),
      '--out',
      out,
      '--events',
      'jsonl',
    ];
    const env = sandboxEnv(sandbox);
    const first = spawnCli(args, env);
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if ((first.output.stderr.match(/"status":"done"/g) ?? []).length >= 6) {
          clearInterval(timer);
          first.kill('SIGINT');
          resolve();
        }
      }, 5);
    });
    expect(await first.exited).toBe(6);
    expect(first.output.stderr).toContain(
      'vsynth: interrupted: finishing requests in flight, then writing journal and results',
    );
    expect(first.output.stderr).toContain('The batch was interrupted after');
    const summary = JSON.parse(first.output.stdout) as { done: number; unknown: number; interrupted: boolean };
    expect(summary).toMatchObject({ interrupted: true, unknown: 0 });
    const accepted = modifiesByHeadline(await ledger(sandbox.url));
    expect(accepted.size).toBe(summary.done);
    const written = await readNdjson(out);
    expect(written.filter((r) => r['status'] === 'done')).toHaveLength(summary.done);
    expect(written.every((r) => r['status'] === 'done' || r['reason'] === 'interrupted')).toBe(true);

    const second = spawnCli([...args, '--resume'], env);
    expect(await second.exited).toBe(0);
    expect(JSON.parse(second.output.stdout)).toMatchObject({
      skipped: summary.done,
      done: 50 - summary.done,
      unknown: 0,
      failed: 0,
    });
    const after = modifiesByHeadline(await ledger(sandbox.url));
    expect(after.size).toBe(50);
    expect([...after.values()].every((n) => n === 1)).toBe(true);
    expect((await readNdjson(out)).map((r) => r['row']).sort((a, b) => Number(a) - Number(b))).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});
