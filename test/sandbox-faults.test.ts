import { afterEach, describe, expect, it } from 'vitest';
import {
  api,
  CREATE,
  eventually,
  LEGACY_CREATE,
  legacyPayload,
  sandboxProcess,
  seeded,
  sequence,
  tempDir,
  testSandbox,
  variantA,
  webhookReceiver,
} from './sandbox-helpers.js';

const payload = variantA(['hello'], () => [], { isExport: false });
const disposables: { dispose(): Promise<void> }[] = [];
async function sandboxWith(options: Parameters<typeof testSandbox>[0]) {
  const sandbox = await testSandbox(options);
  disposables.push(sandbox);
  return sandbox;
}
afterEach(async () => {
  await Promise.all(disposables.splice(0).map((d) => d.dispose()));
});

describe('gateway faults, answered before processing', () => {
  it('answers 429 with Retry-After and stores nothing', async () => {
    const sandbox = await sandboxWith({ fault429Rate: 1, retryAfterSeconds: 7 });
    const client = api(sandbox.url);
    const reply = await client.post(CREATE, payload);
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toBe('7');
    expect(reply.body.error).toEqual({
      code: 'rate_limited',
      message: 'Too many requests (injected fault); Retry-After says when to try again.',
      issues: [],
    });
    expect((await client.get('/sandbox/ledger')).body.entries).toEqual([]);
  });

  it('answers 503 and stores nothing', async () => {
    const sandbox = await sandboxWith({ fault5xxRate: 1 });
    const client = api(sandbox.url);
    const reply = await client.post(LEGACY_CREATE, legacyPayload);
    expect(reply.status).toBe(503);
    expect(reply.body.error.code).toBe('unavailable');
    expect((await client.get('/sandbox/ledger')).body.entries).toEqual([]);
  });

  it('draws 429 first, then 5xx, from the injected random source', async () => {
    const sandbox = await sandboxWith({
      fault429Rate: 0.5,
      fault5xxRate: 0.5,
      random: sequence(0.1, 0.9, 0.2, 0.9, 0.9),
    });
    const client = api(sandbox.url);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await client.post(CREATE, payload)).status);
    expect(statuses).toEqual([429, 503, 200]);
  });

  it('is reproducible with a seeded random, and every 200 (and only those) is in the ledger', async () => {
    const run = async () => {
      const sandbox = await sandboxWith({ fault429Rate: 0.2, fault5xxRate: 0.2, random: seeded(42) });
      const client = api(sandbox.url);
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) statuses.push((await client.post(CREATE, payload)).status);
      const ledger = (await client.get('/sandbox/ledger')).body.entries;
      expect(ledger).toHaveLength(statuses.filter((s) => s === 200).length);
      return statuses;
    };
    const first = await run();
    expect(await run()).toEqual(first);
    expect(new Set(first)).toEqual(new Set([200, 429, 503]));
  });

  it('does not fault /sandbox routes', async () => {
    const sandbox = await sandboxWith({ fault429Rate: 1, fault5xxRate: 1 });
    expect((await api(sandbox.url).get('/sandbox/ledger')).status).toBe(200);
  });
});

describe('latency', () => {
  it('waits latencyMs before each spec endpoint, not before /sandbox routes', async () => {
    const waits: number[] = [];
    const sandbox = await sandboxWith({ latencyMs: 250, sleep: async (ms) => void waits.push(ms) });
    const client = api(sandbox.url);
    await client.post(CREATE, payload);
    await client.get('/sandbox/ledger');
    await client.post(LEGACY_CREATE, legacyPayload);
    expect(waits).toEqual([250, 250]);
  });

  it('handles each request while its latency runs and answers once the latency is over', async () => {
    const gates: (() => void)[] = [];
    const sandbox = await sandboxWith({
      latencyMs: 1_000,
      sleep: () => new Promise<void>((resolve) => gates.push(resolve)),
    });
    const client = api(sandbox.url);
    let answered = 0;
    const replies = [
      client.post(CREATE, payload),
      client.post(CREATE, payload),
      client.post(LEGACY_CREATE, legacyPayload),
    ].map((reply) => reply.then((r) => ((answered += 1), r)));
    // All three are stored while every latency still runs: a burst does not queue behind its first request.
    await eventually(async () => ((await client.get('/sandbox/ledger')).body.entries.length === 3 ? true : undefined));
    expect(gates).toHaveLength(3);
    expect(answered).toBe(0);
    gates[1]!();
    expect((await replies[1]!).status).toBe(200);
    expect(answered).toBe(1);
    for (const open of gates) open();
    expect((await Promise.all(replies)).map((r) => r.status)).toEqual([200, 200, 200]);
  });

  it('answers an injected 429 once the latency is over, having stored nothing', async () => {
    let open: (() => void) | undefined;
    const sandbox = await sandboxWith({
      latencyMs: 1_000,
      fault429Rate: 1,
      sleep: () => new Promise<void>((resolve) => (open = resolve)),
    });
    const client = api(sandbox.url);
    let settled = false;
    const reply = client.post(CREATE, payload).then((r) => ((settled = true), r));
    await eventually(() => (open === undefined ? undefined : true));
    expect((await client.get('/sandbox/ledger')).body.entries).toEqual([]);
    expect(settled).toBe(false);
    open!();
    expect((await reply).status).toBe(429);
  });
});

describe('lost responses', () => {
  it('processes and stores the request, then drops the connection unanswered', async () => {
    const sandbox = await sandboxWith({ faultLostResponseRate: 1 });
    const client = api(sandbox.url);
    const error = await client.post(CREATE, payload).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    const ledger = (await client.get('/sandbox/ledger')).body.entries;
    expect(ledger).toHaveLength(1);
    const stored = await client.get(`/sandbox/projects/${ledger[0].projectId}`);
    expect(stored.status).toBe(200);
    expect(stored.body.payload.scenes[0].scripts[0].org).toBe('hello');
  });

  it('answers errors normally: only accepted requests are lost', async () => {
    const sandbox = await sandboxWith({ faultLostResponseRate: 1 });
    expect((await api(sandbox.url).post(CREATE, { scenes: 3 })).status).toBe(400);
  });
});

describe('webhook deliveries', () => {
  it('retries with backoff while the receiver fails, then records the delivery', async () => {
    const receiver = await webhookReceiver({ failFirst: 2 });
    try {
      const sandbox = await sandboxWith({});
      const client = api(sandbox.url);
      const { body } = await client.post(CREATE, { ...payload, isExport: true, webhookUrl: receiver.url });
      await receiver.received(3);
      const exported = await eventually(async () => {
        const p = (await client.get(`/sandbox/projects/${body.projectId}`)).body;
        return p.exports[0].webhook.status === 'delivered' ? p.exports[0] : undefined;
      });
      expect(exported.webhook).toMatchObject({ attempts: 3, lastError: 'the receiver answered 500' });
      const ids = receiver.requests.map((r) => r.url.searchParams.get('ai_progress_update_loc'));
      expect(new Set(ids)).toEqual(new Set([`${sandbox.url}/sandbox/projects/${body.projectId}`]));
    } finally {
      await receiver.close();
    }
  });

  it('retries attempts dropped by webhookDropRate; the receiver sees only the one that was sent', async () => {
    const receiver = await webhookReceiver();
    try {
      const sandbox = await sandboxWith({ webhookDropRate: 0.5, random: sequence(0.1, 0.2, 0.9) });
      const client = api(sandbox.url);
      const { body } = await client.post(CREATE, { ...payload, isExport: true, webhookUrl: receiver.url });
      const exported = await eventually(async () => {
        const p = (await client.get(`/sandbox/projects/${body.projectId}`)).body;
        return p.exports[0].webhook.status === 'delivered' ? p.exports[0] : undefined;
      });
      expect(exported.webhook).toMatchObject({ attempts: 3, lastError: 'dropped by the webhookDropRate fault' });
      expect(receiver.requests).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('gives up after the configured attempts and says why', async () => {
    const receiver = await webhookReceiver({ failFirst: 100 });
    try {
      const sandbox = await sandboxWith({ webhookRetry: { attempts: 2, baseDelayMs: 1 } });
      const client = api(sandbox.url);
      const { body } = await client.post(CREATE, { ...payload, isExport: true, webhookUrl: receiver.url });
      const exported = await eventually(async () => {
        const p = (await client.get(`/sandbox/projects/${body.projectId}`)).body;
        return p.exports[0].webhook.status === 'failed' ? p.exports[0] : undefined;
      });
      expect(exported.webhook).toMatchObject({
        attempts: 2,
        lastError: 'the receiver answered 500',
        deliveredAt: null,
      });
      expect(receiver.requests).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it('can deliver with POST', async () => {
    const receiver = await webhookReceiver();
    try {
      const sandbox = await sandboxWith({ webhookMethod: 'POST' });
      await api(sandbox.url).post(CREATE, { ...payload, isExport: true, webhookUrl: receiver.url });
      await receiver.received(1);
      expect(receiver.requests[0]!.method).toBe('POST');
    } finally {
      await receiver.close();
    }
  });
});

describe('kill -9', () => {
  it('starts again after kill -9 amid a create burst, with every create it answered, and exports them', async () => {
    const dir = await tempDir();
    const first = await sandboxProcess(dir.path, ['--export-seconds', '0', '--artifact', 'json']);
    let second: Awaited<ReturnType<typeof sandboxProcess>> | undefined;
    try {
      const client = api(first.url);
      const answered: string[] = [];
      let killed = false;
      const deadline = Date.now() + 30_000;
      // 16 clients create without pause (fsync on); the process is killed once 300 creates were answered.
      await Promise.all(
        Array.from({ length: 16 }, async (_, worker) => {
          for (let i = 0; !killed && Date.now() < deadline; i++) {
            const reply = await client.post(CREATE, variantA([`burst ${worker}-${i}`])).catch(() => undefined);
            if (reply?.status !== 200 || killed) continue;
            answered.push(reply.body.projectId as string);
            if (answered.length >= 300) {
              killed = true;
              first.child.kill('SIGKILL');
            }
          }
        }),
      );
      expect(killed).toBe(true);
      await first.stopped;

      second = await sandboxProcess(dir.path, ['--export-seconds', '0', '--artifact', 'json']);
      const again = api(second.url);
      const ledger = (await again.get('/sandbox/ledger')).body.entries as { projectId: string }[];
      const stored = new Set(ledger.map((entry) => entry.projectId));
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
      for (const id of answered.slice(-20)) {
        const exported = await eventually(async () => {
          const view = (await again.get(`/sandbox/projects/${id}`)).body as { exports: { status: string }[] };
          return view.exports[0]?.status === 'done' ? view.exports[0] : undefined;
        });
        expect(exported.status).toBe('done');
      }
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) first.child.kill('SIGKILL');
      if (second !== undefined) {
        second.child.kill('SIGTERM');
        await second.stopped;
      }
      await dir.remove();
    }
  }, 90_000);
});
