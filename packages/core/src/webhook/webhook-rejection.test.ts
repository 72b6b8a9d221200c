import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { correlateWebhookUrl, signCorrelationId } from './correlate-webhook-url.js';
import { listenForWebhooks, type WebhookListener } from './listen-for-webhooks.js';
import type { WebhookRejection } from './webhook-rejection.js';

const secret = 'listener-secret-42';
const otherSecret = 'sender-secret-99';
const RESULT = 'ai_progress_update_loc=projects%2Fp-1&videoUrl=https%3A%2F%2Fcdn.example%2Fp-1.mp4&duration=12.5';

let listener: WebhookListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

/** A listener recording every refusal; `fail` makes onDelivery throw. */
async function listen(
  options: { secret?: string; fail?: Error } = {},
): Promise<{ url: string; rejections: WebhookRejection[] }> {
  const rejections: WebhookRejection[] = [];
  listener = await listenForWebhooks({
    ...(options.secret === undefined ? {} : { secret: options.secret }),
    onDelivery: () => {
      if (options.fail !== undefined) throw options.fail;
    },
    onRejected: (rejection) => void rejections.push(rejection),
  });
  return { url: listener.url, rejections };
}

/** The rejection report holds nothing a log must not show. */
function expectNoSecrets(rejection: WebhookRejection | undefined, hidden: readonly string[]): void {
  const text = JSON.stringify(rejection);
  for (const value of hidden) expect(text).not.toContain(value);
  expect(text).not.toContain('vs_sig=');
  expect(text).not.toContain('http://127.0.0.1');
}

describe('listenForWebhooks onRejected', () => {
  it('says a delivery signed with another secret does not verify, with its correlation id', async () => {
    const { url, rejections } = await listen({ secret });
    const address = `${correlateWebhookUrl(url, { id: 'row-7', secret: otherSecret })}&${RESULT}`;
    const response = await fetch(address);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'vs_sig does not verify' });
    expect(rejections).toEqual([
      {
        status: 401,
        reason: 'bad-signature',
        method: 'GET',
        correlationId: 'row-7',
        message:
          'vs_sig does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends',
      },
    ]);
    expectNoSecrets(rejections[0], [
      secret,
      otherSecret,
      signCorrelationId('row-7', otherSecret),
      signCorrelationId('row-7', secret),
    ]);
  });

  it('tells an unsigned delivery, a missing vs_cid, a missing vs_sig and a cut vs_sig apart', async () => {
    const { url, rejections } = await listen({ secret });
    const signature = signCorrelationId('row-1', secret);
    const statuses = [
      (await fetch(`${url}?${RESULT}`)).status,
      (await fetch(`${url}?vs_sig=${signature}&${RESULT}`, { method: 'POST' })).status,
      (await fetch(`${url}?vs_cid=row-2&${RESULT}`)).status,
      (await fetch(`${url}?vs_cid=row-3&vs_sig=${signature.slice(0, 40)}&${RESULT}`)).status,
    ];
    expect(statuses).toEqual([401, 401, 401, 401]);
    expect(rejections.map((r) => [r.reason, r.method, r.correlationId])).toEqual([
      ['unsigned', 'GET', undefined],
      ['missing-correlation-id', 'POST', undefined],
      ['missing-signature', 'GET', 'row-2'],
      ['malformed-signature', 'GET', 'row-3'],
    ]);
    expect(rejections.map((r) => r.message)).toEqual([
      'the delivery carries no vs_cid/vs_sig but this listener checks signatures: give the sender the full webhook address vsynth made (with vs_cid and vs_sig), or listen without a secret',
      'the delivery has vs_sig but no vs_cid: the address was cut or altered; give the sender the full webhook address vsynth made (with vs_cid and vs_sig)',
      'the delivery has vs_cid but no vs_sig: the address was cut or altered; give the sender the full webhook address vsynth made (with vs_cid and vs_sig)',
      'vs_sig is not 64 hex digits: the address was cut or altered on its way; give the sender the full webhook address vsynth made (with vs_cid and vs_sig)',
    ]);
    for (const rejection of rejections) expectNoSecrets(rejection, [secret, signature, signature.slice(0, 40)]);
  });

  it('refuses a signed address with a second vs_cid (401, repeated-parameter) and delivers nothing', async () => {
    const delivered: (string | undefined)[] = [];
    const rejections: WebhookRejection[] = [];
    listener = await listenForWebhooks({
      secret,
      onDelivery: (delivery) => void delivered.push(delivery.correlationId),
      onRejected: (rejection) => void rejections.push(rejection),
    });
    const signed = correlateWebhookUrl(listener.url, { id: 'b1.1', secret });
    const response = await fetch(`${signed}&vs_cid=b1.2&${RESULT}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'vs_cid or vs_sig repeated' });
    expect(delivered).toEqual([]);
    expect(rejections).toEqual([
      {
        status: 401,
        reason: 'repeated-parameter',
        method: 'GET',
        correlationId: 'b1.1',
        message:
          'vs_cid appears more than once: an address made by correlateWebhookUrl has one, so the address was altered (or the delivery is forged); give the sender the full webhook address vsynth made (with vs_cid and vs_sig)',
      },
    ]);
    expectNoSecrets(rejections[0], [secret, signCorrelationId('b1.1', secret)]);
  });

  it('names the missing and malformed parameters of a malformed delivery (400)', async () => {
    const { url, rejections } = await listen();
    const response = await fetch(`${url}?vs_cid=row-4&videoUrl=https%3A%2F%2Fcdn%2Fv.mp4&duration=abc`);
    expect(response.status).toBe(400);
    expect(rejections).toEqual([
      {
        status: 400,
        reason: 'malformed-delivery',
        method: 'GET',
        correlationId: 'row-4',
        message:
          'malformed delivery (ai_progress_update_loc is required: expected a string, received nothing; duration must be a decimal number as text (e.g. 12.5), received "abc"): the sender must append ai_progress_update_loc, videoUrl and duration to the address it was given',
      },
    ]);
  });

  it('reports a method other than GET and POST (405) but not a HEAD probe', async () => {
    const { url, rejections } = await listen({ secret });
    expect((await fetch(url, { method: 'HEAD' })).status).toBe(200);
    const response = await fetch(`${url}?vs_cid=row-5&${RESULT}`, { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(rejections).toEqual([
      {
        status: 405,
        reason: 'method-not-allowed',
        method: 'PUT',
        correlationId: 'row-5',
        message: 'method PUT is not accepted: deliveries come by GET or POST; check how the sender calls the address',
      },
    ]);
  });

  it('reports a body over 1 MiB (413)', async () => {
    const { url, rejections } = await listen({ secret });
    const response = await fetch(`${url}?vs_cid=row-6`, { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }).catch(
      (error: unknown) => error,
    );
    // The listener answers before reading the rest; the sender may see the 413 or a reset.
    if (response instanceof Response) expect(response.status).toBe(413);
    await waitFor(() => rejections.length > 0);
    expect(rejections).toEqual([
      {
        status: 413,
        reason: 'body-too-large',
        method: 'POST',
        correlationId: 'row-6',
        message:
          'the request body is over 1 MiB: a delivery is a few parameters; check the sender posts deliveries, not files, to this address',
      },
    ]);
  });

  it('reports a receiver that failed (500) without the secret its error may quote', async () => {
    const signature = signCorrelationId('row-8', secret);
    const { url, rejections } = await listen({
      secret,
      fail: new Error(`disk full while saving with ${secret} (sig ${signature})`),
    });
    const address = `${correlateWebhookUrl(url, { id: 'row-8', secret })}&${RESULT}`;
    expect((await fetch(address)).status).toBe(500);
    expect(rejections).toEqual([
      {
        status: 500,
        reason: 'receiver-failed',
        method: 'GET',
        correlationId: 'row-8',
        message:
          'the receiver failed to handle the delivery (disk full while saving with [redacted] (sig [redacted])); the sender was asked to send it again',
      },
    ]);
    expectNoSecrets(rejections[0], [secret, signature]);
  });

  it('cuts vs_sig out of a receiver error that quotes the request URL', async () => {
    const rejections: WebhookRejection[] = [];
    listener = await listenForWebhooks({
      secret,
      onDelivery: (_delivery, state) => {
        throw new Error(`cannot save ${state.request.url}`);
      },
      onRejected: (rejection) => void rejections.push(rejection),
    });
    const address = `${correlateWebhookUrl(listener.url, { id: 'row-11', secret })}&${RESULT}`;
    expect((await fetch(address)).status).toBe(500);
    expect(rejections).toHaveLength(1);
    expect(rejections[0]?.message).toContain('vs_cid=row-11&vs_sig=[redacted]&ai_progress_update_loc=');
    expect(JSON.stringify(rejections[0])).not.toContain(signCorrelationId('row-11', secret));
  });

  it('reports a request it could not read (the sender hung up mid-body)', async () => {
    const { url, rejections } = await listen({ secret });
    const { port } = new URL(url);
    const signature = signCorrelationId('row-9', secret);
    const socket = net.connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /?vs_cid=row-9&vs_sig=${signature} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nai_progress`,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    socket.destroy();
    await waitFor(() => rejections.length > 0);
    expect(rejections).toEqual([
      {
        status: 500,
        reason: 'aborted',
        method: 'POST',
        correlationId: 'row-9',
        message: 'the sender hung up before the whole request arrived; it may send it again',
      },
    ]);
  });

  it('reports nothing for accepted and repeated deliveries, and one report per refused request', async () => {
    const { url, rejections } = await listen({ secret });
    const address = `${correlateWebhookUrl(url, { id: 'row-10', secret })}&${RESULT}`;
    expect((await fetch(address)).status).toBe(200);
    expect((await fetch(address, { method: 'POST' })).status).toBe(200);
    expect(rejections).toEqual([]);
    const forged = `${correlateWebhookUrl(url, { id: 'row-10', secret: otherSecret })}&${RESULT}`;
    await fetch(forged);
    await fetch(forged);
    expect(rejections.map((r) => r.reason)).toEqual(['bad-signature', 'bad-signature']);
  });

  it('keeps the answer when onRejected throws', async () => {
    listener = await listenForWebhooks({
      secret,
      onDelivery: () => undefined,
      onRejected: () => {
        throw new Error('logger down');
      },
    });
    const response = await fetch(`${listener.url}?${RESULT}`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'unsigned delivery (no vs_cid/vs_sig)' });
  });
  it('keeps the answer and leaves no unhandled rejection when an async onRejected rejects', async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      listener = await listenForWebhooks({
        secret,
        onDelivery: () => undefined,
        onRejected: async () => {
          throw new Error('logger down');
        },
      });
      const response = await fetch(`${listener.url}?${RESULT}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ ok: false, error: 'unsigned delivery (no vs_cid/vs_sig)' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Node 20 ends the process on an unhandled rejection: the listener and the program with it.
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
    }
  });

  it('refuses a second vs_cid carried in a POST form body as it does in the query', async () => {
    const { url, rejections } = await listen({ secret });
    const body = `vs_cid=b1.2&vs_cid=b1.1&vs_sig=${signCorrelationId('b1.1', secret)}&${RESULT}`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ ok: false, error: 'vs_cid or vs_sig repeated' });
    expect(rejections.map((r) => [r.reason, r.correlationId])).toEqual([['repeated-parameter', 'b1.2']]);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
