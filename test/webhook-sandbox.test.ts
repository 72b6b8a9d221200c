/**
 * Webhook deliveries from the real sandbox to the real listener: a dropped delivery is retried
 * and arrives once, a receiver that fails gets the delivery again, a forged one is refused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  correlateWebhookUrl,
  createClient,
  listenForWebhooks,
  type ProjectCreateRequest,
  type WebhookDelivery,
} from '@vsynth/core';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '@vsynth/sandbox';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-webhook-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const secret = 'webhook-e2e-secret';
const payload: ProjectCreateRequest = {
  scenes: [
    {
      sceneIdx: 0,
      background: { id: 'background', type: 'background', source_type: 'image', source_url: '/bg.png' },
      scripts: [{ org: 'Hello there, this is a test.', isTTS: false, tts: null, modelId: 'M1', clothId: 'C1' }],
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

async function withSandbox(options: SandboxOptions, run: (sandbox: RunningSandbox) => Promise<void>): Promise<void> {
  const sandbox = await startSandbox({
    dataDir: join(dir, `d-${Math.random().toString(36).slice(2)}`),
    apiKeys: ['key-hook-0001'],
    exportSeconds: 0,
    fsync: false,
    webhookRetry: { attempts: 5, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 2000 },
    ...options,
  });
  try {
    await run(sandbox);
  } finally {
    await sandbox.close();
  }
}

function until<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no delivery within ${ms} ms`)), ms)),
  ]);
}

/** The sandbox records the outcome after the receiver answered: poll until it is final. */
async function settledWebhook(
  sandbox: RunningSandbox,
  projectId: string,
): Promise<{ status: string; attempts: number }> {
  let state = await webhookState(sandbox, projectId);
  for (let i = 0; i < 500 && state.status !== 'failed' && state.status !== 'delivered'; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    state = await webhookState(sandbox, projectId);
  }
  return state;
}

async function webhookState(sandbox: RunningSandbox, projectId: string): Promise<{ status: string; attempts: number }> {
  const response = await fetch(`${sandbox.url}/sandbox/projects/${projectId}`, {
    headers: { authorization: 'key-hook-0001' },
  });
  const view = (await response.json()) as { exports: { webhook: { status: string; attempts: number } | null }[] };
  const webhook = view.exports.at(-1)?.webhook;
  if (webhook === null || webhook === undefined) throw new Error('no webhook recorded');
  return webhook;
}

describe('webhook deliveries from the sandbox', () => {
  it('retries a dropped delivery and reports it once', async () => {
    // The first attempt is dropped (random 0.1 < 0.5), later ones go through.
    const values = [0.1];
    await withSandbox({ webhookDropRate: 0.5, random: () => values.shift() ?? 0.99 }, async (sandbox) => {
      const received: WebhookDelivery[] = [];
      let resolveFirst: (d: WebhookDelivery) => void = () => undefined;
      const first = new Promise<WebhookDelivery>((resolve) => {
        resolveFirst = resolve;
      });
      const listener = await listenForWebhooks({
        secret,
        onDelivery: (delivery) => {
          received.push(delivery);
          resolveFirst(delivery);
        },
      });
      try {
        const client = createClient({ apiKey: 'key-hook-0001', baseUrl: sandbox.url, env: {} });
        const { projectId } = await client.createProject({
          ...payload,
          webhookUrl: correlateWebhookUrl(listener.url, { id: 'row-1', secret }),
        });
        const delivery = await until(first);
        expect(delivery.correlationId).toBe('row-1');
        expect(delivery.location).toContain(projectId);
        const state = await settledWebhook(sandbox, projectId);
        expect(state).toEqual(expect.objectContaining({ status: 'delivered', attempts: 2 }));
        expect(received).toHaveLength(1);
      } finally {
        await listener.close();
      }
    });
  });

  it('delivers again when the receiver fails, and the listener reports it once', async () => {
    await withSandbox({}, async (sandbox) => {
      let calls = 0;
      const received: WebhookDelivery[] = [];
      let resolveDone: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        resolveDone = resolve;
      });
      const listener = await listenForWebhooks({
        secret,
        onDelivery: (delivery) => {
          calls += 1;
          if (calls === 1) throw new Error('receiver busy');
          received.push(delivery);
          resolveDone();
        },
      });
      try {
        const client = createClient({ apiKey: 'key-hook-0001', baseUrl: sandbox.url, env: {} });
        const { projectId } = await client.createProject({
          ...payload,
          webhookUrl: correlateWebhookUrl(listener.url, { id: 'row-2', secret }),
        });
        await until(done);
        expect(calls).toBe(2);
        expect(received.map((d) => d.correlationId)).toEqual(['row-2']);
        expect(await settledWebhook(sandbox, projectId)).toEqual(
          expect.objectContaining({ status: 'delivered', attempts: 2 }),
        );
      } finally {
        await listener.close();
      }
    });
  });

  it('refuses a delivery signed with another secret (the sandbox sees a 401 and gives up)', async () => {
    await withSandbox(
      { webhookRetry: { attempts: 2, baseDelayMs: 5, maxDelayMs: 10, timeoutMs: 2000 } },
      async (sandbox) => {
        const received: WebhookDelivery[] = [];
        const listener = await listenForWebhooks({ secret, onDelivery: (d) => void received.push(d) });
        try {
          const client = createClient({ apiKey: 'key-hook-0001', baseUrl: sandbox.url, env: {} });
          const { projectId } = await client.createProject({
            ...payload,
            webhookUrl: correlateWebhookUrl(listener.url, { id: 'row-3', secret: 'not-our-secret' }),
          });
          const state = await settledWebhook(sandbox, projectId);
          expect(state).toEqual(expect.objectContaining({ status: 'failed', attempts: 2 }));
          expect(received).toEqual([]);
        } finally {
          await listener.close();
        }
      },
    );
  });

  it('calls no receiver off this machine unless remoteWebhooks is on, and says how to allow it', async () => {
    const log: string[] = [];
    await withSandbox({ log: (line) => void log.push(line) }, async (sandbox) => {
      const client = createClient({ apiKey: 'key-hook-0001', baseUrl: sandbox.url, env: {} });
      // .invalid never resolves: even a broken guard could not reach anything.
      const { projectId } = await client.createProject({
        ...payload,
        webhookUrl: 'https://hooks.example.invalid/done?token=abc',
      });
      const state = (await settledWebhook(sandbox, projectId)) as {
        status: string;
        attempts: number;
        lastError?: string;
      };
      expect(state).toEqual(expect.objectContaining({ status: 'failed', attempts: 0 }));
      expect(state.lastError).toBe(
        'the address is not on this machine; the sandbox calls only loopback receivers unless started with --remote-webhooks (option remoteWebhooks: true)',
      );
      expect(log.some((line) => line.includes('not delivered') && !line.includes('token=abc'))).toBe(true);
    });
  });
});
