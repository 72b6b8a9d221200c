/**
 * The real `vsynth` CLI says on stderr why its webhook listener refused a delivery (a sender
 * signing with another secret), while stdout keeps one JSON line per accepted delivery; a batch
 * says it as a warning event.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { correlateWebhookUrl, signCorrelationId } from '@vsynth/core';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { redisMissing, startRedis } from './redis-server.js';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

const KEY = 'key-refusals-0001';
const LISTENER_SECRET = 'whsec-listener-5f2a9c';
const SENDER_SECRET = 'whsec-sender-81be04';

let dir: string;
let sandbox: RunningSandbox;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-refusals-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), apiKeys: [KEY], exportSeconds: 0, fsync: false });
});
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** A spawned CLI command with what it printed so far, and a wait for a pattern on stderr. */
function start(args: readonly string[], env: Record<string, string>) {
  const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, ...args], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env['PATH'],
      HOME: process.env['HOME'],
      // The run's own cache (vitest.config.ts): the listener keeps its settled ids there.
      XDG_CACHE_HOME: process.env['XDG_CACHE_HOME'],
      NO_COLOR: '1',
      VSYNTH_BASE_URL: sandbox.url,
      VSYNTH_API_KEY: KEY,
      ...env,
    },
  });
  children.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const stderrMatch = (pattern: RegExp): Promise<RegExpExecArray> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(out.stderr);
        if (match !== null) resolve(match);
        return match !== null;
      };
      if (check()) return;
      const onData = (): void => void (check() && child.stderr.off('data', onData));
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`exited before stderr matched ${pattern}: ${out.stderr}`)));
    });
  return { child, out, exited, stderrMatch };
}

/** What the service does with the address it was given: append its three parameters. */
function delivered(address: string): URL {
  const url = new URL(address);
  url.searchParams.set('ai_progress_update_loc', 'projects/p-1');
  url.searchParams.set('videoUrl', 'https://cdn.example/p-1.mp4');
  url.searchParams.set('duration', '8.5');
  return url;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const REFUSAL = (cid: string) =>
  `vsynth: refused a webhook delivery (cid ${cid}, HTTP 401): vs_sig does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends\n`;

describe('refused webhook deliveries on stderr', () => {
  it('webhook listen prints why it refused a delivery signed with another secret, and keeps stdout for accepted ones', async () => {
    const run = start(['webhook', 'listen'], { VSYNTH_WEBHOOK_SECRET: LISTENER_SECRET });
    const url = (await run.stderrMatch(/listening for webhook deliveries on (\S+?);? /))[1]!;

    const forged = delivered(correlateWebhookUrl(url, { id: 'row-7', secret: SENDER_SECRET }));
    const refused = await fetch(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ ok: false, error: 'vs_sig does not verify' });
    await run.stderrMatch(/refused a webhook delivery.*\n/);
    expect(run.out.stdout).toBe('');

    expect((await fetch(delivered(correlateWebhookUrl(url, { id: 'row-8', secret: LISTENER_SECRET })))).status).toBe(
      200,
    );
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    expect(run.out.stdout).toBe(
      `${JSON.stringify({ location: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: 8.5, correlationId: 'row-8' })}\n`,
    );
    expect(run.out.stderr).toBe(
      `listening for webhook deliveries on ${url} (signatures checked); Ctrl-C to stop\n${REFUSAL('row-7')}stopped\n`,
    );
    for (const hidden of [LISTENER_SECRET, SENDER_SECRET, signCorrelationId('row-7', SENDER_SECRET), 'vs_sig='])
      expect(run.out.stderr).not.toContain(hidden);
  }, 30_000);

  it('submit --wait says why it refused a delivery while it keeps waiting', async () => {
    const port = await freePort();
    // The service delivers to a closed port; the test plays a sender with another secret.
    const run = start(
      [
        'submit',
        'examples/payloads/create-variant-a.json',
        '--wait',
        '--listen-port',
        String(port),
        '--webhook-url',
        'http://127.0.0.1:9/hook',
      ],
      {
        VSYNTH_WEBHOOK_SECRET: LISTENER_SECRET,
      },
    );
    const id = (await run.stderrMatch(/waiting for the webhook delivery \(correlation id (\S+?)\)/))[1]!;
    const forged = delivered(correlateWebhookUrl(`http://127.0.0.1:${port}/`, { id, secret: SENDER_SECRET }));
    expect((await fetch(forged)).status).toBe(401);
    await run.stderrMatch(/refused a webhook delivery.*\n/);
    expect(run.out.stderr.split('\n').filter((line) => line.includes('refused'))).toEqual([REFUSAL(id).trimEnd()]);
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(5);
    expect(run.out.stdout).toBe('');
    for (const hidden of [LISTENER_SECRET, SENDER_SECRET, 'vs_sig=']) expect(run.out.stderr).not.toContain(hidden);
  }, 30_000);

  it('batch --collect-webhooks reports a refused delivery as a warning event while it waits for the deliveries', async () => {
    const port = await freePort();
    // The service delivers to a closed port, so the batch waits; the test plays a sender with another secret.
    const run = start(
      [
        'batch',
        '--template',
        'examples/batch/create-per-row/welcome.tsx',
        '--data',
        'examples/batch/create-per-row/customers.csv',
        '--journal',
        join(dir, 'refusals-journal.ndjson'),
        '--collect-webhooks',
        '--webhook-port',
        String(port),
        '--webhook-url',
        'http://127.0.0.1:9/hook',
        '--webhook-wait',
        '5',
        '--events',
        'jsonl',
      ],
      { VSYNTH_WEBHOOK_SECRET: LISTENER_SECRET },
    );
    await run.stderrMatch(/{"type":"webhooks","waiting":5}\n/);
    const forged = delivered(
      correlateWebhookUrl(`http://127.0.0.1:${port}/`, { id: 'batch-1.3', secret: SENDER_SECRET }),
    );
    expect((await fetch(forged)).status).toBe(401);
    await run.stderrMatch(/refused a webhook delivery.*\n/);
    const warnings = run.out.stderr
      .split('\n')
      .filter((line) => line.startsWith('{"type":"warning"'))
      .map((line) => JSON.parse(line) as unknown);
    expect(warnings).toEqual([{ type: 'warning', message: REFUSAL('batch-1.3').slice('vsynth: '.length, -1) }]);
    expect(await run.exited).toBe(0);
    expect(JSON.parse(run.out.stdout)).toMatchObject({ rows: 5, done: 5, failed: 0, unknown: 0 });
    for (const hidden of [LISTENER_SECRET, SENDER_SECRET, 'vs_sig=']) expect(run.out.stderr).not.toContain(hidden);
  }, 30_000);

  it.skipIf(redisMissing !== undefined)(
    `worker --collect-webhooks says why it refused a delivery${redisMissing === undefined ? '' : ` (skipped: ${redisMissing})`}`,
    async () => {
      const redis = await startRedis();
      try {
        const port = await freePort();
        const run = start(['worker', '--queue', redis.url, '--collect-webhooks', '--webhook-port', String(port)], {
          VSYNTH_WEBHOOK_SECRET: LISTENER_SECRET,
        });
        await run.stderrMatch(/collecting webhooks at /);
        expect(
          (
            await fetch(
              delivered(correlateWebhookUrl(`http://127.0.0.1:${port}/`, { id: 'batch-1.3', secret: SENDER_SECRET })),
            )
          ).status,
        ).toBe(401);
        await run.stderrMatch(/refused a webhook delivery.*\n/);
        expect(run.out.stderr.split('\n').filter((line) => line.includes('refused'))).toEqual([
          REFUSAL('batch-1.3').trimEnd(),
        ]);
        run.child.kill('SIGTERM');
        expect(await run.exited).toBe(0);
        for (const hidden of [LISTENER_SECRET, SENDER_SECRET, 'vs_sig=']) expect(run.out.stderr).not.toContain(hidden);
      } finally {
        await redis.stop();
      }
    },
    30_000,
  );
});
