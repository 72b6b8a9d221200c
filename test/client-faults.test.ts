/**
 * The client against a sandbox that injects faults: an expired token refreshed once, 429 with
 * Retry-After and 5xx on GETs retried (waits go through the injected sleep), POSTs never
 * retried, and a lost answer to a POST reported without resending it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  isApiError,
  isNetworkError,
  sandboxTokenIssuer,
  type ApiError,
  type CreateClientOptions,
  type ProjectCreateRequest,
} from '@vsynth/core';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@vsynth/sandbox';
import { rejection } from './sandbox-helpers.js';

let dir: string;
const running: RunningSandbox[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-faults-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Returns the given values in order, then 0.99 (no fault) forever. */
function scripted(values: number[]): () => number {
  const queue = [...values];
  return () => queue.shift() ?? 0.99;
}

async function sandboxWith(options: SandboxOptions): Promise<RunningSandbox> {
  const sandbox = await startSandbox({
    dataDir: join(dir, `data-${running.length}-${Date.now()}`),
    apiKeys: ['key-faults-0001'],
    exportSeconds: 0,
    fsync: false,
    ...options,
  });
  running.push(sandbox);
  return sandbox;
}

function clientFor(sandbox: RunningSandbox, options: Partial<CreateClientOptions> = {}) {
  const sleeps: number[] = [];
  const client = createClient({
    apiKey: 'key-faults-0001',
    baseUrl: sandbox.url,
    env: {},
    random: () => 0.5,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...options,
  });
  return { client, sleeps };
}

async function ledgerCount(sandbox: RunningSandbox, key = 'key-faults-0001'): Promise<number> {
  const response = await fetch(`${sandbox.url}/sandbox/ledger`, { headers: { authorization: key } });
  return ((await response.json()) as { entries: unknown[] }).entries.length;
}

const payload: ProjectCreateRequest = {
  isExport: false,
  scenes: [
    {
      sceneIdx: 0,
      background: { id: 'background', type: 'background', source_type: 'image', source_url: '/bg.png' },
      scripts: [{ org: 'Hello.', isTTS: false, tts: null, modelId: 'M1', clothId: 'C1' }],
      clips: [
        {
          id: 'aiModel-1',
          type: 'aiModel',
          layer: 300,
          top: 0,
          left: 0,
          width: 500,
          height: 900,
          model: { ai_name: 'M1', emotion: 'C1' },
        },
      ],
    },
  ],
};

async function uploadJob(client: ReturnType<typeof clientFor>['client']): Promise<string> {
  return (await client.uploadDubbing({ file: new Blob([new Uint8Array(64)]), targets: ['es-ES'] })).folderId;
}

describe('client ↔ sandbox faults', () => {
  it('re-issues an expired token once and the POST is processed once', async () => {
    let sandboxNow = Date.parse('2026-03-01T00:00:00Z');
    const sandbox = await sandboxWith({
      apps: [{ appId: 'app-f', userKey: 'user-key-f001' }],
      tokenTtlSeconds: 60,
      now: () => sandboxNow,
    });
    const issue = sandboxTokenIssuer(sandbox.url);
    let issued = 0;
    const { client } = clientFor(sandbox, {
      apiKey: undefined,
      appId: 'app-f',
      userKey: 'user-key-f001',
      // The client believes the token is fresh; the sandbox's clock says it expired.
      clock: () => Date.parse('2026-03-01T00:00:00Z'),
      issueToken: async (appId, userKey, state) => {
        issued += 1;
        const token = await issue(appId, userKey, state);
        return { token: token.token };
      },
    });
    const first = await client.createProject(payload);
    sandboxNow += 120_000;
    const second = await client.createProject(payload);
    expect(issued).toBe(2);
    expect(second.projectId).not.toBe(first.projectId);
    const tokenLedger = await fetch(`${sandbox.url}/sandbox/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ appId: 'app-f', userKey: 'user-key-f001' }),
    });
    const { token } = (await tokenLedger.json()) as { token: string };
    expect(await ledgerCount(sandbox, token)).toBe(2);
  });

  it('retries a GET answered 429, waiting the Retry-After', async () => {
    const sandbox = await sandboxWith({ fault429Rate: 0.5, retryAfterSeconds: 4, random: scripted([0.99, 0.1]) });
    const { client, sleeps } = clientFor(sandbox);
    const folderId = await uploadJob(client);
    const progress = await client.getDubbingProgress(folderId);
    expect(progress.progress).toBeGreaterThanOrEqual(0);
    expect(sleeps).toEqual([4000]);
  });

  it('retries a GET answered 503 with backoff, then gives up with a transient ApiError', async () => {
    const sandbox = await sandboxWith({ fault5xxRate: 0.5, random: scripted([0.99, 0.1, 0.1]) });
    const { client, sleeps } = clientFor(sandbox, { retry: { limit: 3, baseDelayMs: 200 } });
    const folderId = await uploadJob(client);
    await client.getDubbingProgress(folderId);
    expect(sleeps).toEqual([150, 300]);

    const always = await sandboxWith({ fault5xxRate: 1 });
    const failing = clientFor(always, { retry: 2 });
    const error = (await rejection(failing.client.getDubbingProgress('f-any'))) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(503);
    expect(error.transient).toBe(true);
    expect(failing.sleeps).toHaveLength(2);
  });

  it('never retries a POST answered 503 or 429, and nothing is spent', async () => {
    const sandbox = await sandboxWith({ fault5xxRate: 1 });
    const { client, sleeps } = clientFor(sandbox);
    const error = (await rejection(client.createProject(payload))) as ApiError;
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      'Request failed with status 503 Service Unavailable: POST /api/odin/v3/editor/project: The service is unavailable (injected fault). The service failed; try again later',
    );
    expect(sleeps).toEqual([]);

    const limited = await sandboxWith({ fault429Rate: 1, retryAfterSeconds: 9 });
    const second = clientFor(limited);
    const refused = (await rejection(
      second.client.modifyProject({ projectId: 'p', updates: { title: 'x' } }),
    )) as ApiError;
    expect(refused.status).toBe(429);
    expect(refused.retryAfterMs).toBe(9000);
    expect(refused.message).toBe(
      'Request failed with status 429 Too Many Requests: POST /api/odin/v3/project/modify: Too many requests (injected fault); Retry-After says when to try again. Rate limited; retry after 9 s',
    );
    expect(second.sleeps).toEqual([]);
    expect(await ledgerCount(sandbox)).toBe(0);
    expect(await ledgerCount(limited)).toBe(0);
  });

  it('reports a POST whose answer was lost without resending it: the sandbox stored it once', async () => {
    const sandbox = await sandboxWith({ faultLostResponseRate: 1 });
    const { client, sleeps } = clientFor(sandbox);
    const error = await rejection(client.createProject(payload));
    expect(isNetworkError(error)).toBe(true);
    expect((error as Error).message).toContain('may or may not have processed the request');
    expect(sleeps).toEqual([]);
    expect(await ledgerCount(sandbox)).toBe(1);
  });

  it('retries a GET whose answer was lost', async () => {
    const sandbox = await sandboxWith({ faultLostResponseRate: 0.5, random: scripted([0.99, 0.1]) });
    const { client, sleeps } = clientFor(sandbox);
    const folderId = await uploadJob(client);
    const progress = await client.getDubbingProgress(folderId);
    expect(progress.progress).toBeGreaterThanOrEqual(0);
    expect(sleeps).toHaveLength(1);
  });
});
