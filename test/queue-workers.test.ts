import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNdjson, sandboxEnv, testSandbox } from './batch-helpers.js';
import { WELCOME, createsByRow, settledRows, until, useQueueFixture, writeCustomers } from './queue-helpers.js';
import { freePort, redisMissing } from './redis-server.js';
import { runVsynth } from './run-vsynth.js';

const SECRET = 'queue-test-webhook-secret';

describe.skipIf(redisMissing !== undefined)(
  `queued batch on a real redis-server${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
  () => {
    const fixture = useQueueFixture(
      'vsynth-queue-',
      ['--concurrency', '4', '--stalled-check', '2', '--events', 'jsonl'],
      { VSYNTH_WEBHOOK_SECRET: SECRET },
    );
    const worker = fixture.worker;

    it("300 rows, 3 workers, one SIGKILLed twice: no row sent twice, every row in the results, cubes equal the service's", async () => {
      fixture.sandbox = await testSandbox({
        fault5xxRate: 0.1,
        fault429Rate: 0.05,
        latencyMs: 30,
        retryAfterSeconds: 1,
      });
      const data = await writeCustomers(fixture.dir, 300);
      const hookPort = await freePort();
      const enqueue = await runVsynth(
        [
          'batch',
          '--template',
          WELCOME,
          '--data',
          data,
          '--queue',
          fixture.redis.url,
          '--batch-id',
          'kill9',
          '--rps',
          '40',
          '--max-attempts',
          '10',
          '--webhook-url',
          `http://127.0.0.1:${hookPort}/`,
        ],
        { env: sandboxEnv(fixture.sandbox) },
      );
      expect(enqueue.code, enqueue.stderr).toBe(0);
      expect(JSON.parse(enqueue.stdout)).toMatchObject({
        batchId: 'kill9',
        rows: 300,
        queued: 300,
        invalid: 0,
        added: 300,
      });
      // Enqueueing again adds nothing.
      const again = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'kill9',
        '--rps',
        '40',
        '--max-attempts',
        '10',
        '--webhook-url',
        `http://127.0.0.1:${hookPort}/`,
      ]);
      expect(JSON.parse(again.stdout)).toMatchObject({ added: 0, alreadyQueued: 300 });

      worker(['--collect-webhooks', '--webhook-port', String(hookPort)]);
      worker();
      let victim = worker();
      for (let kill = 1; kill <= 2; kill++) {
        const current = victim;
        await until(
          `worker to settle rows before kill ${kill}`,
          () => settledRows(current.output.stderr) >= 15,
          60_000,
        );
        current.kill('SIGKILL');
        await current.exited;
        victim = worker();
      }
      const status = await runVsynth([
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'kill9',
        '--wait',
        '--json',
        '--interval',
        '0.5',
      ]);
      const lines = status.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, number | boolean>);
      const final = lines.at(-1)!;
      expect(final).toMatchObject({ rows: 300, waiting: 0, active: 0, finished: true });
      expect(lines.length).toBeGreaterThan(1);

      // Rows whose request reached the service settle by their delivery; give the deliveries a moment.
      const out = join(fixture.dir, 'results.ndjson');
      let results: Record<string, unknown>[] = [];
      const { counts } = await createsByRow(fixture.sandbox.url, 'kill9');
      for (let tries = 0; tries < 40; tries++) {
        await runVsynth(['batch', 'results', '--queue', fixture.redis.url, '--batch-id', 'kill9', '--out', out]);
        results = await readNdjson(out);
        if (results.every((result) => result['status'] !== 'unknown' || !counts.has(result['row'] as number))) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(results.map((result) => result['row'])).toEqual(Array.from({ length: 300 }, (_, index) => index + 1));
      const ledgerNow = await createsByRow(fixture.sandbox.url, 'kill9');
      for (const result of results) {
        const row = result['row'] as number;
        const sent = ledgerNow.counts.get(row) ?? 0;
        expect(sent, `row ${row} was accepted ${sent} times`).toBeLessThanOrEqual(1);
        // done: accepted exactly once; unknown: its worker died between recording the attempt and sending.
        if (result['status'] === 'done') expect(sent, `done row ${row}`).toBe(1);
        else expect(result, `row ${row}`).toMatchObject({ status: 'unknown', reason: 'no_outcome' });
        if (result['status'] === 'unknown') expect(sent).toBe(0);
      }
      const done = results.filter((result) => result['status'] === 'done');
      expect(done.length).toBeGreaterThanOrEqual(290);
      expect(done.reduce((sum, result) => sum + (result['cubes'] as number), 0)).toBe(ledgerNow.cubes);
      // The exit code follows what status saw at the end (a delivery may settle an unknown row later).
      expect(status.code).toBe((final['failed'] as number) + (final['unknown'] as number) > 0 ? 6 : 0);
    }, 150_000);
  },
);
