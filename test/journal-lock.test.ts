/**
 * One journal, one sending process: two `--resume` runs, a resume beside a
 * fresh run and two library `runBatch` calls never send a row twice; the loser exits 2 naming
 * the holder's pid and sends nothing; a killed holder's lock is taken over.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runBatch } from '@vsynth/batch';
import {
  GREETING_ARGS,
  basePool,
  greetingRows,
  greetingTemplate,
  ledger,
  modifiesByHeadline,
  sandboxEnv,
  spawnCli,
  testSandbox,
  type TestSandbox,
} from './batch-helpers.js';

let sandbox: TestSandbox | undefined;
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await sandbox?.dispose();
  sandbox = undefined;
});

const inUse = (pid: number | undefined) =>
  new RegExp(`The journal .*journal\\.ndjson is in use by another vsynth batch \\(pid ${pid}\\); nothing was sent\\.`);

async function setup(latencyMs: number) {
  sandbox = await testSandbox({ latencyMs });
  const { pool } = await basePool(sandbox.client, 2);
  const journal = join(sandbox.dir, 'journal.ndjson');
  const args = [...GREETING_ARGS, '--project-pool', pool.join(','), '--concurrency', '2', '--journal', journal];
  return { sandbox, pool, journal, args, env: sandboxEnv(sandbox) };
}

function start(args: readonly string[], env: Record<string, string>) {
  const child = spawnCli(args, env);
  children.push(child);
  return child;
}

/** Waits until the child has printed `n` done rows on its `--events jsonl` stream. */
async function untilDone(child: ReturnType<typeof spawnCli>, n: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if ((child.output.stderr.match(/"status":"done"/g) ?? []).length >= n) {
        clearInterval(timer);
        resolve();
      }
    }, 5);
    void child.exited.then(() => {
      clearInterval(timer);
      reject(new Error(`exited before ${n} rows: ${child.output.stderr}`));
    });
  });
}

function everyRowAtMostOnce(counts: Map<string, number>): void {
  expect([...counts.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}

describe('a journal is held by one batch at a time', () => {
  it('two --resume runs of a killed batch: one sends, the other exits 2 naming its pid; each row is created once', async () => {
    // Slow enough that the winning resume is still sending when the other one reaches the lock.
    const { args, env, journal } = await setup(150);
    const killed = start([...args, '--events', 'jsonl'], env);
    await untilDone(killed, 5);
    killed.kill('SIGKILL');
    await killed.exited;
    expect(existsSync(`${journal}.lock`)).toBe(true);

    const a = start([...args, '--resume'], env);
    const b = start([...args, '--resume'], env);
    const codes = await Promise.all([a.exited, b.exited]);
    // The winner exits 6 if the kill left rows unknown (sent, no answer: not resent).
    const [winner, loser] = codes[1] === 2 ? [a, b] : [b, a];
    expect(codes.filter((code) => code === 2)).toHaveLength(1);
    expect(await winner.exited).not.toBe(2);
    expect(loser.output.stderr).toMatch(inUse(winner.pid));
    expect(loser.output.stdout).toBe('');
    const summary = JSON.parse(winner.output.stdout) as { skipped: number; done: number; unknown: number };
    expect(summary.skipped + summary.done + summary.unknown).toBe(50);
    const counts = modifiesByHeadline(await ledger(sandbox!.url));
    everyRowAtMostOnce(counts);
    expect(counts.size).toBeGreaterThanOrEqual(summary.skipped + summary.done);
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });

  it('a --resume or a second fresh run beside a running batch exits 2 naming the running one, and sends nothing', async () => {
    const { args, env } = await setup(600);
    const running = start([...args, '--events', 'jsonl'], env);
    await untilDone(running, 2);
    const resume = start([...args, '--resume'], env);
    const fresh = start(args, env);
    expect(await resume.exited).toBe(2);
    expect(await fresh.exited).toBe(2);
    expect(resume.output.stderr).toMatch(inUse(running.pid));
    expect(fresh.output.stderr).toMatch(inUse(running.pid));
    expect(await running.exited).toBe(0);
    const counts = modifiesByHeadline(await ledger(sandbox!.url));
    expect(counts.size).toBe(50);
    everyRowAtMostOnce(counts);
  });

  it('two runBatch calls of the library on one journal: the second is refused before sending', async () => {
    const { sandbox: box, pool, journal } = await setup(5);
    const { slots } = await basePool(box.client, 0);
    const template = await greetingTemplate(slots);
    const rows = await greetingRows();
    const run = () =>
      runBatch({
        rows,
        template,
        client: box.client,
        concurrency: 2,
        projectPool: pool,
        journal,
        keyColumn: 'email',
        secrets: [],
      });
    const settled = await Promise.allSettled([run(), run()]);
    const rejected = settled.filter((s) => s.status === 'rejected');
    expect(rejected).toHaveLength(1);
    expect(String((rejected[0] as PromiseRejectedResult).reason.message)).toMatch(inUse(process.pid));
    expect((settled.find((s) => s.status === 'fulfilled') as PromiseFulfilledResult<{ done: number }>).value.done).toBe(
      50,
    );
    const counts = modifiesByHeadline(await ledger(box.url));
    expect(counts.size).toBe(50);
    everyRowAtMostOnce(counts);
    // Released at the end: a --resume in the same process finds every row done.
    const again = await runBatch({
      rows,
      template,
      client: box.client,
      projectPool: pool,
      journal,
      resume: true,
      keyColumn: 'email',
      secrets: [],
    });
    expect(again).toMatchObject({ skipped: 50, done: 0 });
  });

  it('takes over the lock of a holder that is no longer running', async () => {
    const { args, env, journal } = await setup(0);
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.on('exit', resolve));
    writeFileSync(`${journal}.lock`, `${pid}\n`);
    const run = start(args, env);
    expect(await run.exited).toBe(0);
    expect(JSON.parse(run.output.stdout)).toMatchObject({ done: 50 });
    expect(existsSync(`${journal}.lock`)).toBe(false);
  });
});
