import { describe, expect, it } from 'vitest';
import { isValidationError, type ValidationError } from '../errors/validation-error.js';
import { correlateWebhookUrl, signCorrelationId, verifyCorrelationSignature } from './correlate-webhook-url.js';
import { createWebhookHandler } from './create-webhook-handler.js';
import { listenForWebhooks } from './listen-for-webhooks.js';
import { webhookDeliveryQuerySchema } from '../schemas/webhook-delivery.js';
import { deliveryFromParams, parseDelivery, type WebhookDelivery } from './parse-delivery.js';
import type { WebhookRejection } from './webhook-rejection.js';

const secret = 'webhook-secret-1';

/** What the service does: append its three parameters to the address it was given. */
function deliver(
  address: string,
  result = { loc: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: '12.5' },
): string {
  const url = new URL(address);
  url.searchParams.set('ai_progress_update_loc', result.loc);
  url.searchParams.set('videoUrl', result.videoUrl);
  url.searchParams.set('duration', result.duration);
  return url.href;
}

describe('correlateWebhookUrl', () => {
  it('appends vs_cid and an HMAC-SHA256 vs_sig, keeping the address own query', () => {
    const url = new URL(correlateWebhookUrl('https://hooks.example.com/vsynth?team=a', { id: 'row-7', secret }));
    expect(url.searchParams.get('team')).toBe('a');
    expect(url.searchParams.get('vs_cid')).toBe('row-7');
    expect(url.searchParams.get('vs_sig')).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyCorrelationSignature('row-7', url.searchParams.get('vs_sig') ?? '', secret)).toBe(true);
    expect(verifyCorrelationSignature('row-8', url.searchParams.get('vs_sig') ?? '', secret)).toBe(false);
    expect(verifyCorrelationSignature('row-7', 'zz', secret)).toBe(false);
  });
});

describe('parseDelivery', () => {
  it('types the service parameters and the correlation id', () => {
    const delivery = parseDelivery(deliver(correlateWebhookUrl('http://127.0.0.1:9000/hook', { id: 'r1', secret })), {
      secret,
    });
    expect(delivery).toEqual({
      location: 'projects/p-1',
      videoUrl: 'https://cdn.example/p-1.mp4',
      duration: 12.5,
      correlationId: 'r1',
    });
  });

  it('reads a Request and works without correlation when no secret is given', () => {
    const delivery = parseDelivery(new Request(deliver('http://127.0.0.1:9000/hook')));
    expect(delivery).toEqual({ location: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: 12.5 });
  });

  it('lists missing and malformed parameters', () => {
    let error: ValidationError | undefined;
    try {
      parseDelivery('http://127.0.0.1/hook?duration=abc');
    } catch (caught) {
      error = caught as ValidationError;
    }
    expect(isValidationError(error)).toBe(true);
    expect(error?.issues.map((i) => i.path.join('.')).sort()).toEqual([
      'ai_progress_update_loc',
      'duration',
      'videoUrl',
    ]);
  });

  it('accepts exactly the queries the delivery schema accepts, with the same values', () => {
    const base = { ai_progress_update_loc: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: '12.5' };
    const variants: Record<string, string>[] = [
      base,
      { ...base, vs_cid: 'r1' },
      { ...base, ai_progress_update_loc: '' },
      { ...base, videoUrl: '' },
      ...['12', '0.5', '12.', '.5', '1e3', '-1', ' 12', '12,5', '', `1${'0'.repeat(400)}`, `0.${'0'.repeat(400)}1`].map(
        (duration) => ({ ...base, duration }),
      ),
      ...Object.keys(base).map((name) => Object.fromEntries(Object.entries(base).filter(([key]) => key !== name))),
    ];
    for (const variant of variants) {
      const params = new URLSearchParams(variant);
      const schema = webhookDeliveryQuerySchema.safeParse(Object.fromEntries(params));
      let parsed: WebhookDelivery | undefined;
      try {
        parsed = deliveryFromParams(params);
      } catch (error) {
        expect(isValidationError(error)).toBe(true);
        expect((error as ValidationError).issues.length).toBeGreaterThan(0);
      }
      expect({ variant, accepted: parsed !== undefined }).toEqual({ variant, accepted: schema.success });
      if (schema.success) {
        expect(parsed).toEqual({
          location: schema.data.ai_progress_update_loc,
          videoUrl: schema.data.videoUrl,
          duration: Number(schema.data.duration),
          ...(schema.data.vs_cid === undefined ? {} : { correlationId: schema.data.vs_cid }),
        });
      }
    }
    // A repeated parameter counts by its last value, as the schema reads it.
    expect(
      deliveryFromParams(new URLSearchParams('ai_progress_update_loc=p&videoUrl=v&duration=x&duration=3')).duration,
    ).toBe(3);
  });

  it('refuses a duration too large to be a number, saying so', () => {
    const huge = `1${'0'.repeat(400)}`;
    let error: ValidationError | undefined;
    try {
      deliveryFromParams(
        new URLSearchParams({ ai_progress_update_loc: 'p', videoUrl: 'https://cdn/v.mp4', duration: huge }),
      );
    } catch (caught) {
      error = caught as ValidationError;
    }
    expect(isValidationError(error)).toBe(true);
    expect(error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['duration', 'is too large for a number of seconds (e.g. 12.5)'],
    ]);
  });

  it('rejects a forged or missing signature when a secret is given', () => {
    const forged = deliver(`http://127.0.0.1/hook?vs_cid=r1&vs_sig=${signCorrelationId('r1', 'other-secret')}`);
    expect(() => parseDelivery(forged, { secret })).toThrow(/vs_sig does not verify for vs_cid/);
    expect(() => parseDelivery(deliver('http://127.0.0.1/hook'), { secret })).toThrow(/carries no vs_cid\/vs_sig/);
  });

  it('refuses a signed address with a second vs_cid or vs_sig: one signed id does not vouch for another', () => {
    const signed = correlateWebhookUrl('http://127.0.0.1:9000/hook', { id: 'b1.1', secret });
    const other = signCorrelationId('b1.2', secret);
    for (const address of [
      `${signed}&vs_cid=b1.2`,
      `${signed}&vs_sig=${other}`,
      `http://127.0.0.1:9000/hook?vs_cid=b1.2&vs_sig=${other}&vs_cid=b1.2`,
    ]) {
      expect(() => parseDelivery(deliver(address), { secret })).toThrow(
        'vs_cid or vs_sig appears more than once; an address made by correlateWebhookUrl has one of each, so the delivery is forged or its address was altered',
      );
    }
    // Unchecked (no secret), the id read is still the first one, as a check would read it.
    expect(parseDelivery(deliver(`${signed}&vs_cid=b1.2`)).correlationId).toBe('b1.1');
  });
});

describe('createWebhookHandler', () => {
  it('accepts GET and POST, reports a repeated delivery once, and rejects forgeries with 401', async () => {
    const received: WebhookDelivery[] = [];
    const handle = createWebhookHandler({ secret, onDelivery: (d) => void received.push(d) });
    const address = deliver(correlateWebhookUrl('http://127.0.0.1:9000/hook', { id: 'r1', secret }));

    expect((await handle(new Request(address))).status).toBe(200);
    const again = await handle(new Request(address, { method: 'POST' }));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true, duplicate: true });

    const other = deliver(correlateWebhookUrl('http://127.0.0.1:9000/hook', { id: 'r2', secret }), {
      loc: 'p-2',
      videoUrl: 'https://cdn/p-2.mp4',
      duration: '3',
    });
    expect((await handle(new Request(other, { method: 'POST' }))).status).toBe(200);

    const forged = deliver(`http://127.0.0.1:9000/hook?vs_cid=r3&vs_sig=${'0'.repeat(64)}`);
    expect((await handle(new Request(forged))).status).toBe(401);
    expect((await handle(new Request(deliver('http://127.0.0.1:9000/hook')))).status).toBe(401);
    expect((await handle(new Request(address, { method: 'PUT' }))).status).toBe(405);

    expect(received.map((d) => d.correlationId)).toEqual(['r1', 'r2']);
  });

  it('reads parameters from a POST form body and answers 400 for a malformed delivery', async () => {
    const received: WebhookDelivery[] = [];
    const handle = createWebhookHandler({ onDelivery: (d) => void received.push(d) });
    const body = new URLSearchParams({
      ai_progress_update_loc: 'p-5',
      videoUrl: 'https://cdn/p-5.mp4',
      duration: '7.25',
    });
    const response = await handle(new Request('http://127.0.0.1/hook', { method: 'POST', body }));
    expect(response.status).toBe(200);
    expect(received).toEqual([{ location: 'p-5', videoUrl: 'https://cdn/p-5.mp4', duration: 7.25 }]);
    const bad = await handle(new Request('http://127.0.0.1/hook?videoUrl=x'));
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('ai_progress_update_loc');
  });

  it('answers 413 to a POST body over 1 MiB without reading the rest, as the listener does', async () => {
    const refusals: WebhookRejection[] = [];
    let delivered = 0;
    const handle = createWebhookHandler({
      onDelivery: () => void (delivered += 1),
      onRejected: (r) => void refusals.push(r),
    });
    // A sender that never stops: reading the whole body would never end.
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
      },
    });
    const request = new Request(deliver('http://127.0.0.1/hook'), {
      method: 'POST',
      body: endless,
      headers: { 'content-type': 'text/plain' },
      duplex: 'half',
    } as RequestInit);
    const answer = await handle(request);
    expect(answer.status).toBe(413);
    expect(await answer.json()).toEqual({ ok: false, error: 'delivery body too large' });
    expect(pulled).toBeLessThan(40);
    expect(delivered).toBe(0);
    expect(refusals).toEqual([
      {
        status: 413,
        reason: 'body-too-large',
        method: 'POST',
        message:
          'the request body is over 1 MiB: a delivery is a few parameters; check the sender posts deliveries, not files, to this address',
      },
    ]);
    // A declared length over the limit is refused before any of the body is read.
    const declared = await handle(
      new Request('http://127.0.0.1/hook', { method: 'POST', body: 'x'.repeat(1024 * 1024 + 1) }),
    );
    expect(declared.status).toBe(413);
    // At the limit, the body is read.
    const form = new URLSearchParams({
      ai_progress_update_loc: 'p-9',
      videoUrl: 'https://cdn/p-9.mp4',
      duration: '1',
      pad: 'x'.repeat(1024 * 1024 - 200),
    });
    const text = form.toString();
    expect(text.length).toBeLessThanOrEqual(1024 * 1024);
    expect(
      (
        await handle(
          new Request('http://127.0.0.1/hook', {
            method: 'POST',
            body: text,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          }),
        )
      ).status,
    ).toBe(200);
    expect(delivered).toBe(1);
  });

  it('answers 500 when onDelivery fails so the sender retries, then reports the retry', async () => {
    let calls = 0;
    const handle = createWebhookHandler({
      onDelivery: () => {
        calls += 1;
        if (calls === 1) throw new Error('disk full');
      },
    });
    const address = deliver('http://127.0.0.1/hook');
    expect((await handle(new Request(address))).status).toBe(500);
    expect((await handle(new Request(address))).status).toBe(200);
    expect(calls).toBe(2);
  });
});

describe('listenForWebhooks', () => {
  it('serves the handler over node:http on a free port', async () => {
    const received: WebhookDelivery[] = [];
    const listener = await listenForWebhooks({ secret, onDelivery: (d) => void received.push(d) });
    try {
      expect(listener.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      const address = deliver(correlateWebhookUrl(listener.url, { id: 'job-1', secret }));
      expect((await fetch(address)).status).toBe(200);
      expect((await fetch(address, { method: 'POST' })).status).toBe(200);
      expect((await fetch(deliver(`${listener.url}?vs_cid=job-1&vs_sig=${'f'.repeat(64)}`))).status).toBe(401);
      expect(received).toEqual([
        { location: 'projects/p-1', videoUrl: 'https://cdn.example/p-1.mp4', duration: 12.5, correlationId: 'job-1' },
      ]);
    } finally {
      await listener.close();
    }
  });
});
