import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBatchFiles, ledger, readNdjson, sandboxEnv, testSandbox, type TestSandbox } from './batch-helpers.js';
import { runVsynth } from './run-vsynth.js';

let sandbox: TestSandbox | undefined;
afterEach(async () => {
  await sandbox?.dispose();
  sandbox = undefined;
});

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('vsynth batch --resume --collect-webhooks', () => {
  it('settles as done the rows an earlier run left unknown when their late deliveries arrive', async () => {
    // Every create's answer is lost; exports take 2 s, so their deliveries come after the first run
    // has ended, and the sandbox keeps retrying them (as a service retries a receiver that is down).
    sandbox = await testSandbox({
      faultLostResponseRate: 1,
      exportSeconds: 2,
      webhookRetry: { attempts: 60, baseDelayMs: 200, maxDelayMs: 200 },
    });
    const { template, data } = await createBatchFiles(sandbox.dir);
    const out = join(sandbox.dir, 'results.ndjson');
    const port = String(await freePort());
    const args = ['batch', '--template', template, '--data', data, '--key-column', 'email', '--out', out];
    const webhooks = ['--collect-webhooks', '--webhook-port', port, '--events', 'none'];
    const env = { env: { ...sandboxEnv(sandbox), VSYNTH_WEBHOOK_SECRET: 'late-delivery-secret-1' } };

    const first = await runVsynth([...args, ...webhooks, '--webhook-wait', '0'], env);
    expect(first.code).toBe(6);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows: 2, done: 0, unknown: 2 });

    const resumed = await runVsynth([...args, ...webhooks, '--webhook-wait', '20', '--resume'], env);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ rows: 2, done: 2, unknown: 0, submitted: 0 });
    const results = await readNdjson(out);
    expect(results.map((r) => [r['row'], r['status']])).toEqual([
      [1, 'done'],
      [2, 'done'],
    ]);
    expect(results.every((r) => String(r['videoUrl']).startsWith(`${sandbox!.url}/sandbox/artifacts/`))).toBe(true);
    // Settled by the deliveries, not sent again.
    expect((await ledger(sandbox.url)).filter((e) => e.endpoint === 'POST /api/odin/v3/editor/project')).toHaveLength(
      2,
    );
    const journal = await readNdjson(join(sandbox.dir, 'people.journal.ndjson'));
    expect(journal.filter((e) => e['type'] === 'done').map((e) => [e['row'], e['via']])).toEqual([
      [1, 'webhook'],
      [2, 'webhook'],
    ]);
  }, 60_000);
});
