import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { correlateWebhookUrl } from './correlate-webhook-url.js';
import { listenForWebhooks, type ListenForWebhooksOptions } from './listen-for-webhooks.js';
import type { WebhookDelivery } from './parse-delivery.js';
import type { WebhookRejection } from './webhook-rejection.js';

const SECRET = 'listener-secret';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listener(options: Partial<ListenForWebhooksOptions> = {}) {
  const delivered: WebhookDelivery[] = [];
  const rejected: WebhookRejection[] = [];
  const running = await listenForWebhooks({
    secret: SECRET,
    onDelivery: (delivery) => void delivered.push(delivery),
    onRejected: (rejection) => void rejected.push(rejection),
    ...options,
  });
  cleanups.push(() => running.close());
  /** GETs the signed address of `id` with these delivery values; resolves with the status and body. */
  const deliver = async (id: string, values: Record<string, string>) => {
    const address = new URL(correlateWebhookUrl(running.url, { id, secret: SECRET }));
    for (const [name, value] of Object.entries(values)) address.searchParams.set(name, value);
    const response = await fetch(address);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  return { running, delivered, rejected, deliver };
}

const GOOD = { ai_progress_update_loc: 'p-1', videoUrl: 'https://cdn.example/v.mp4', duration: '12.5' };

describe('a signed delivery whose values the signature does not cover', () => {
  it.each([
    ['https://attacker.example/evil.mp4 off the allowed hosts', { videoUrl: 'https://attacker.example/evil.mp4' }],
    ['javascript:alert(1)', { videoUrl: 'javascript:alert(1)' }],
    ['http off this machine', { videoUrl: 'http://cdn.example/v.mp4' }],
    ['duration=99999999', { duration: '99999999' }],
  ])('with %s is refused 401 and reported like a forged one, never delivered', async (_, values) => {
    const { delivered, rejected, deliver } = await listener({ allowedVideoHosts: ['.cdn.example'] });
    const replay = await deliver('row-7', { ...GOOD, ...values });
    expect(replay.status).toBe(401);
    expect(delivered).toEqual([]);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ status: 401, correlationId: 'row-7' });
    expect(rejected[0]!.message).toBe(replay.body['error']);
  });

  it('names what is wrong in the report', async () => {
    const { rejected, deliver } = await listener({ allowedVideoHosts: ['cdn.example'] });
    await deliver('a', { ...GOOD, videoUrl: 'https://attacker.example/evil.mp4' });
    await deliver('b', { ...GOOD, videoUrl: 'javascript:alert(1)' });
    await deliver('c', { ...GOOD, duration: '99999999' });
    expect(rejected.map((r) => [r.reason, r.message])).toEqual([
      [
        'disallowed-video-url',
        'videoUrl "https://attacker.example/evil.mp4" is on attacker.example, not one of the allowed video hosts (cdn.example)',
      ],
      [
        'disallowed-video-url',
        'videoUrl "javascript:alert(1)" is not an https address (http only on this machine); the delivery is not from the service',
      ],
      [
        'duration-out-of-range',
        'duration 99999999 is not a number of seconds from 0 to 86400; the delivery is not from the service',
      ],
    ]);
  });

  it('accepts https anywhere without allowed hosts, and http on this machine (the sandbox)', async () => {
    const { delivered, deliver } = await listener();
    expect((await deliver('a', GOOD)).status).toBe(200);
    const local = { ...GOOD, videoUrl: 'http://127.0.0.1:4010/sandbox/artifacts/x/p.json', duration: '0' };
    expect((await deliver('b', local)).status).toBe(200);
    expect(delivered.map((d) => d.videoUrl)).toEqual([GOOD.videoUrl, local.videoUrl]);
  });
});

describe('a correlation id', () => {
  it('settles once: a copy is a duplicate, other values with the same signed id are refused 409 and reported', async () => {
    const { delivered, rejected, deliver } = await listener();
    expect((await deliver('row-7', GOOD)).status).toBe(200);
    expect(await deliver('row-7', GOOD)).toEqual({ status: 200, body: { ok: true, duplicate: true } });
    const replay = await deliver('row-7', { ...GOOD, videoUrl: 'https://cdn.example/other.mp4', duration: '3' });
    expect(replay.status).toBe(409);
    expect(delivered).toHaveLength(1);
    expect(rejected.map((r) => [r.status, r.reason, r.correlationId])).toEqual([[409, 'already-settled', 'row-7']]);
  });

  it('stays settled after the listener restarts with the same settledFile, which holds no id in clear', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-settled-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const settledFile = join(dir, 'settled.txt');
    const first = await listener({ settledFile });
    expect((await first.deliver('row-7', GOOD)).status).toBe(200);
    await first.running.close();

    const second = await listener({ settledFile });
    expect((await second.deliver('row-7', GOOD)).body).toEqual({ ok: true, duplicate: true });
    expect((await second.deliver('row-7', { ...GOOD, duration: '3' })).status).toBe(409);
    expect((await second.deliver('row-8', GOOD)).status).toBe(200);
    expect(second.delivered.map((d) => d.correlationId)).toEqual(['row-8']);
    const text = await readFile(settledFile, 'utf8');
    expect(text.trim().split('\n')).toHaveLength(2);
    expect(text).not.toContain('row-7');
  });
});
