import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledger, readNdjson, sandboxEnv, spawnCli, testSandbox } from './batch-helpers.js';
import { WELCOME, settledRows, until, useQueueFixture, writeCustomers } from './queue-helpers.js';
import { correlateWebhookUrl } from '@vsynth/core';
import { connectRedis } from '@vsynth/queue';
import { freePort, redisMissing } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

describe('vsynth worker and batch --queue: addresses', () => {
  it('a refused connection is a usage error naming the address without its password', async () => {
    const port = await freePort();
    const run = await runVsynth(['worker', '--queue', `redis://:hunter2@127.0.0.1:${port}/1`]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `vsynth: Cannot reach the queue's Redis at redis://:***@127.0.0.1:${port}/1: connection refused. Start redis-server there, or check --queue.`,
    );
    expect(run.stderr + run.stdout).not.toContain('hunter2');
  });

  it('worker --collect-webhooks with VSYNTH_WEBHOOK_SECRET unset or only white space is a usage error saying so, before connecting', async () => {
    const runs = await Promise.all(
      ['', ' \r\n'].map((value) =>
        runVsynth(['worker', '--queue', 'redis://127.0.0.1:1', '--collect-webhooks'], {
          env: { VSYNTH_WEBHOOK_SECRET: value },
        }),
      ),
    );
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        'vsynth: --collect-webhooks needs $VSYNTH_WEBHOOK_SECRET (it is unset, empty or only white space): set it to the secret every worker signs webhook addresses with.\n',
      );
    }
  });

  it('rejects an address that is not redis://, and batch options a queue does not take', async () => {
    const bad = await runVsynth(['batch', 'status', '--queue', 'http://user:pw@example.com', '--batch-id', 'b1']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--queue takes a redis:// or rediss:// address, received "http://user:***@example.com".',
    );
    const journal = await runVsynth([
      'batch',
      '--template',
      WELCOME,
      '--data',
      'x.csv',
      '--queue',
      'redis://127.0.0.1:1',
      '--journal',
      'j.ndjson',
      '--resume',
    ]);
    expect(journal.code).toBe(2);
    expect(journal.stderr).toContain('--resume, --journal do not apply with --queue');
    const id = await runVsynth(['batch', '--template', WELCOME, '--data', 'x.csv', '--batch-id', 'b1']);
    expect(id.code).toBe(2);
    expect(id.stderr).toContain('--batch-id only applies with --queue.');
    const preview = await runVsynth([
      'batch',
      '--template',
      WELCOME,
      '--data',
      'x.csv',
      '--queue',
      'redis://127.0.0.1:1',
      '--preview',
      'out',
    ]);
    expect(preview.code).toBe(2);
    expect(preview.stderr).toContain('--preview does not apply with --queue');
    const lossy = await runVsynth([
      'batch',
      '--template',
      WELCOME,
      '--data',
      'x.csv',
      '--queue',
      'redis://127.0.0.1:1',
      '--lossy',
    ]);
    expect(lossy.code).toBe(2);
    expect(lossy.stderr).toContain('--lossy only applies to a TSX template compiled with --target legacy.');
  });
});

describe.skipIf(redisMissing !== undefined)(
  `vsynth worker and batch --queue on a real redis-server${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    const fixture = useQueueFixture('vsynth-queue-cli-', ['--concurrency', '2', '--events', 'jsonl']);
    const worker = fixture.worker;

    it('reports invalid rows and enqueues the others (exit 3); the results list both', async () => {
      fixture.sandbox = await testSandbox();
      const data = join(fixture.dir, 'rows.json');
      await writeFile(
        data,
        JSON.stringify([
          { name: 'Ada', plan: 'Pro', seats: '3' },
          { name: 'Bob', plan: 'Team' },
          { name: 'Cy', plan: 'Pro', seats: '1' },
        ]),
      );
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'invalid',
      ]);
      expect(enqueue.code).toBe(3);
      expect(JSON.parse(enqueue.stdout)).toMatchObject({
        batchId: 'invalid',
        rows: 3,
        queued: 2,
        invalid: 1,
        added: 2,
      });
      expect(enqueue.stderr).toMatch(/column "seats": is required.*\n.*row 2/);
      expect(enqueue.stderr).toContain(
        '1 row is invalid (listed above) and not enqueued; the 2 valid rows of batch invalid are.',
      );
      worker();
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'invalid',
        '--wait',
        '--json',
        '--interval',
        '0.3',
      ]);
      expect(status.code).toBe(6);
      expect(JSON.parse(status.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        rows: 3,
        done: 2,
        failed: 1,
        unknown: 0,
        cubes: 4,
        finished: true,
        failedByReason: { invalid: 1 },
      });
      const out = join(fixture.dir, 'invalid.ndjson');
      const results = await runVsynth([
        'batch',
        'results',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'invalid',
        '--out',
        out,
      ]);
      expect(results.code).toBe(6);
      expect((await readNdjson(out)).map((row) => [row['row'], row['status'], row['reason'] ?? null])).toEqual([
        [1, 'done', null],
        [2, 'failed', 'invalid'],
        [3, 'done', null],
      ]);
    }, 60_000);

    it('a data file without rows is refused (exit 3) unless --allow-empty, as without --queue', async () => {
      const data = join(fixture.dir, 'empty.csv');
      await writeFile(data, 'name,plan,seats\n');
      const refused = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'empty',
      ]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain('no rows in');
      const allowed = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'empty',
        '--allow-empty',
      ]);
      expect(allowed.code).toBe(0);
      expect(allowed.stderr).toContain('batch empty: 0 rows in the queue');
      expect(JSON.parse(allowed.stdout)).toMatchObject({ batchId: 'empty', rows: 0, queued: 0 });
      const other = await writeCustomers(fixture.dir, 2);
      const clash = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        other,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'empty',
      ]);
      expect(clash.code).toBe(2);
      expect(clash.stderr).toContain('it differs from this one. Choose another --batch-id.');
      const missing = await runVsynth(['batch', 'status', '--queue', fixture.redis.url, '--batch-id', 'nope']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('The queue has no batch nope. Check --batch-id and --queue');
    }, 60_000);

    it('holds --max-cubes over two workers: rows past the budget fail as max_cubes and are not sent', async () => {
      fixture.sandbox = await testSandbox();
      const data = await writeCustomers(fixture.dir, 20);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'budget',
        '--max-cubes',
        '15',
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      worker();
      worker();
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'budget',
        '--wait',
        '--json',
        '--interval',
        '0.3',
      ]);
      expect(status.code).toBe(6);
      // Each row is estimated at 2 cubes: 7 rows fit in 15.
      expect(JSON.parse(status.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        done: 7,
        failed: 13,
        cubes: 14,
        failedByReason: { max_cubes: 13 },
        stopped: 'max_cubes',
      });
      const entries = await ledger(fixture.sandbox.url);
      expect(entries).toHaveLength(7);
      expect(entries.reduce((sum, entry) => sum + entry.cubes, 0)).toBe(14);
    }, 60_000);

    it('a row attempted without outcome is unknown and not sent; enqueued again with --resend-unknown it is sent once', async () => {
      fixture.sandbox = await testSandbox();
      const data = await writeCustomers(fixture.dir, 3);
      const args = [
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'resend',
      ];
      expect((await runVsynth(args)).code).toBe(0);
      // As a worker killed right after recording row 2's attempt leaves it.
      const connection = await connectRedis(fixture.redis.url);
      await connection.redis.hset(
        'vsynth:batch:resend:rows',
        '2',
        JSON.stringify({ key: 'k2', status: 'attempt', cid: 'resend.2', attempts: 1 }),
      );
      await connection.close();
      worker();
      const first = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'resend',
        '--wait',
        '--json',
        '--interval',
        '0.3',
      ]);
      expect(first.code).toBe(6);
      expect(JSON.parse(first.stdout.trim().split('\n').at(-1)!)).toMatchObject({ done: 2, unknown: 1 });
      const names = async () => (await ledger(fixture.sandbox!.url)).map((entry) => String(entry.body['name'])).sort();
      expect(await names()).toEqual(['Welcome Customer 1', 'Welcome Customer 3']);
      const again = await runVsynth([...args, '--resend-unknown']);
      expect(JSON.parse(again.stdout)).toMatchObject({ added: 1, alreadyQueued: 2 });
      const second = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'resend',
        '--wait',
        '--json',
        '--interval',
        '0.3',
      ]);
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout.trim().split('\n').at(-1)!)).toMatchObject({ done: 3, unknown: 0 });
      expect(await names()).toEqual(['Welcome Customer 1', 'Welcome Customer 2', 'Welcome Customer 3']);
    }, 60_000);

    it('an unknown row is settled as done by the webhook delivery carrying its correlation id', async () => {
      fixture.sandbox = await testSandbox();
      const secret = 'settle-secret';
      const hookPort = await freePort();
      const data = await writeCustomers(fixture.dir, 3);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'settle',
        '--webhook-url',
        `http://127.0.0.1:${hookPort}/`,
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      // Row 2's attempt is recorded, and (below) its request did reach the service: a worker died in between.
      const connection = await connectRedis(fixture.redis.url);
      try {
        await connection.redis.hset(
          'vsynth:batch:settle:rows',
          '2',
          JSON.stringify({ key: 'k2', status: 'attempt', cid: 'settle.2', attempts: 1 }),
        );
        const [jobKey] = await connection.redis.keys('bull:vsynth-rows:settle.2.*');
        const job = JSON.parse((await connection.redis.hget(jobKey!, 'data'))!) as { body: Record<string, unknown> };
        const collector = fixture.track(
          spawnCli(
            [
              'worker',
              '--queue',
              fixture.redis.url,
              '--collect-webhooks',
              '--webhook-port',
              String(hookPort),
              '--events',
              'jsonl',
            ],
            { ...sandboxEnv(fixture.sandbox), VSYNTH_WEBHOOK_SECRET: secret },
          ),
        );
        await until('the worker to settle the 3 rows', () => settledRows(collector.output.stderr) >= 3, 30_000);
        expect(collector.output.stderr).toContain('"row":2,"status":"unknown"');
        await fixture.sandbox.client.createProject({
          ...job.body,
          webhookUrl: correlateWebhookUrl(`http://127.0.0.1:${hookPort}/`, { id: 'settle.2', secret }),
        } as never);
      } finally {
        await connection.close();
      }
      const out = join(fixture.dir, 'settle.ndjson');
      let row2: Record<string, unknown> | undefined;
      for (let tries = 0; tries < 40 && row2?.['status'] !== 'done'; tries++) {
        await runVsynth(['batch', 'results', '--queue', fixture.redis.url, '--batch-id', 'settle', '--out', out]);
        row2 = (await readNdjson(out)).find((result) => result['row'] === 2);
        if (row2?.['status'] !== 'done') await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(row2).toMatchObject({ row: 2, status: 'done', cubes: 2 });
      expect(String(row2?.['videoUrl'])).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/artifacts\//);
      // Sent once: by the "dead worker", never by the live one.
      expect(
        (await ledger(fixture.sandbox.url)).filter((entry) => entry.body['name'] === 'Welcome Customer 2'),
      ).toHaveLength(1);
    }, 60_000);

    it('a worker and webhook listen read one VSYNTH_WEBHOOK_SECRET whatever white space surrounds it: the deliveries verify', async () => {
      fixture.sandbox = await testSandbox();
      const [head, tail] = ['whsec-QUEUE', '3b7f10aa'];
      const secret = `${head}-${tail}`;
      const hookPort = await freePort();
      // The listener's .env has CRLF line ends; the worker's shell exported a trailing space.
      const listener = fixture.track(
        spawnCli(['webhook', 'listen', '--port', String(hookPort)], { VSYNTH_WEBHOOK_SECRET: ` ${secret}\r\n` }),
      );
      await until('the listener to start', () => listener.output.stderr.includes('(signatures checked)'), 15_000);
      const data = await writeCustomers(fixture.dir, 2);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'spaced',
        '--webhook-url',
        `http://127.0.0.1:${hookPort}/`,
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      const sender = fixture.track(
        spawnCli(['worker', '--queue', fixture.redis.url, '--events', 'jsonl'], {
          ...sandboxEnv(fixture.sandbox),
          VSYNTH_WEBHOOK_SECRET: `${secret} `,
        }),
      );
      const deliveries = () =>
        listener.output.stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => (JSON.parse(line) as { correlationId: string }).correlationId);
      await until('both deliveries at the listener', () => deliveries().length >= 2, 30_000);
      expect(deliveries().sort()).toEqual(['spaced.1', 'spaced.2']);
      expect(sender.output.stderr).toContain('"row":1,"status":"done"');
      for (const text of [
        listener.output.stdout,
        listener.output.stderr,
        sender.output.stdout,
        sender.output.stderr,
        enqueue.stdout,
        enqueue.stderr,
      ]) {
        expect(text).not.toContain(head);
        expect(text).not.toContain(tail);
      }
    }, 60_000);

    it('SIGTERM as the worker starts (still connecting to Redis): it stops cleanly, exit 0, no stack trace', async () => {
      fixture.sandbox = await testSandbox();
      for (let round = 0; round < 3; round++) {
        const starting = worker();
        // Killed on the very chunk that says so (polling would leave it time to connect).
        await new Promise<void>((resolve) =>
          starting.stderr!.on('data', () => starting.output.stderr.includes('vsynth: worker on ') && resolve()),
        );
        starting.kill('SIGTERM');
        expect(await starting.exited, starting.output.stderr).toBe(0);
        expect(starting.output.stderr).toMatch(
          /vsynth: stopping: finishing requests in flight.*\nvsynth: worker stopped after 0 rows\n$/,
        );
      }
    }, 60_000);

    it('SIGTERM: the worker finishes its requests in flight and exits 0; the rows it did not start stay queued for the next worker', async () => {
      fixture.sandbox = await testSandbox({ latencyMs: 20 });
      const data = await writeCustomers(fixture.dir, 30);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'sigterm',
        '--rps',
        '10',
      ]);
      expect(enqueue.code, enqueue.stderr).toBe(0);
      const first = worker();
      await until('a few rows settled', () => settledRows(first.output.stderr) >= 5, 30_000);
      first.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(first.output.stderr).toContain('vsynth: stopping: finishing requests in flight');
      const byFirst = settledRows(first.output.stderr);
      expect(byFirst).toBeLessThan(30);
      worker();
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'sigterm',
        '--wait',
        '--json',
        '--interval',
        '0.3',
      ]);
      expect(status.code, status.stdout).toBe(0);
      expect(JSON.parse(status.stdout.trim().split('\n').at(-1)!)).toMatchObject({
        rows: 30,
        done: 30,
        failed: 0,
        unknown: 0,
      });
      expect(await ledger(fixture.sandbox.url)).toHaveLength(30);
    }, 60_000);
  },
);
