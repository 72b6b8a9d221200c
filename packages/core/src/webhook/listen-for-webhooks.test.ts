import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { isUsageError } from '../errors/usage-error.js';
import { correlateWebhookUrl, signCorrelationId } from './correlate-webhook-url.js';
import { createWebhookHandler } from './create-webhook-handler.js';
import { expectWebhookDelivery } from './expect-webhook-delivery.js';
import { listenForWebhooks, type WebhookListener } from './listen-for-webhooks.js';
import type { WebhookRejection } from './webhook-rejection.js';

const RESULT = 'ai_progress_update_loc=p-1&videoUrl=https%3A%2F%2Fcdn.example%2Fv.mp4&duration=3';

describe('listenForWebhooks', () => {
  it('reports a port in use as a usage error naming the address', async () => {
    const first = await listenForWebhooks({ onDelivery: () => undefined });
    try {
      const error = await listenForWebhooks({ port: first.port, onDelivery: () => undefined }).catch(
        (caught: unknown) => caught,
      );
      expect(isUsageError(error)).toBe(true);
      expect((error as Error).message).toBe(
        `Cannot listen for webhooks on 127.0.0.1:${first.port}: the port is in use. Choose another port, or 0 for any free one.`,
      );
    } finally {
      await first.close();
    }
  });

  it('accepts GET and POST deliveries and reports each once', async () => {
    const seen: unknown[] = [];
    const listener = await listenForWebhooks({ onDelivery: (delivery) => void seen.push(delivery) });
    try {
      const url = `${listener.url}?ai_progress_update_loc=p-1&videoUrl=https%3A%2F%2Fcdn.example%2Fv.mp4&duration=3`;
      expect((await fetch(url)).status).toBe(200);
      const again = await fetch(url, { method: 'POST' });
      expect(await again.json()).toEqual({ ok: true, duplicate: true });
      expect(seen).toEqual([{ location: 'p-1', videoUrl: 'https://cdn.example/v.mp4', duration: 3 }]);
    } finally {
      await listener.close();
    }
  });

  it('reads a POST form or JSON body as the Fetch handler does, the query winning', async () => {
    const seen: unknown[] = [];
    const listener = await listenForWebhooks({ onDelivery: (delivery) => void seen.push(delivery) });
    try {
      const form = await fetch(`${listener.url}?duration=4`, {
        method: 'POST',
        body: new URLSearchParams({
          ai_progress_update_loc: 'p-2',
          videoUrl: 'https://cdn.example/2.mp4',
          duration: '9',
        }),
      });
      const json = await fetch(listener.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ai_progress_update_loc: 'p-3', videoUrl: 'https://cdn.example/3.mp4', duration: 5.5 }),
      });
      expect([form.status, json.status]).toEqual([200, 200]);
      expect(seen).toEqual([
        { location: 'p-2', videoUrl: 'https://cdn.example/2.mp4', duration: 4 },
        { location: 'p-3', videoUrl: 'https://cdn.example/3.mp4', duration: 5.5 },
      ]);
    } finally {
      await listener.close();
    }
  });

  it('answers every request with the status, headers and body of the Fetch handler', async () => {
    const options = { secret: 'listener-secret', onDelivery: () => undefined };
    const handle = createWebhookHandler(options);
    const listener = await listenForWebhooks(options);
    try {
      const requests: [string, RequestInit][] = [
        [`?${RESULT}`, {}],
        [`?${RESULT}`, { method: 'PUT' }],
        [`?${RESULT}`, { method: 'HEAD' }],
        [`?vs_cid=r1&vs_sig=${'0'.repeat(64)}&${RESULT}`, { method: 'POST' }],
      ];
      for (const [query, init] of requests) {
        const fromListener = await fetch(`${listener.url}${query}`, init);
        const fromHandler = await handle(new Request(`${listener.url}${query}`, init));
        const answer = async (response: Response) => ({
          status: response.status,
          type: response.headers.get('content-type'),
          allow: response.headers.get('allow'),
          body: await response.text(),
        });
        expect(await answer(fromListener)).toEqual(await answer(fromHandler));
        // A length, not chunks: the answer is written in one piece.
        expect(fromListener.headers.get('content-length')).not.toBeNull();
      }
    } finally {
      await listener.close();
    }
  });

  it("hands onDelivery the request as a Fetch Request with the listener's address, method and headers", async () => {
    const requests: Request[] = [];
    const listener = await listenForWebhooks({ onDelivery: (_delivery, state) => void requests.push(state.request) });
    try {
      const body = new URLSearchParams({
        ai_progress_update_loc: 'p-4',
        videoUrl: 'https://cdn.example/4.mp4',
        duration: '2',
      }).toString();
      await fetch(`${listener.url}hooks?team=a`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sender': 'sandbox' },
        body,
      });
      expect(requests).toHaveLength(1);
      expect(requests[0]!.url).toBe(`${listener.url}hooks?team=a`);
      expect(requests[0]!.method).toBe('POST');
      expect(requests[0]!.headers.get('x-sender')).toBe('sandbox');
      expect(await requests[0]!.text()).toBe(body);
    } finally {
      await listener.close();
    }
  });

  it('closes after a sender hung up while onDelivery was still running', async () => {
    let release = (): void => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let began = (): void => undefined;
    const running = new Promise<void>((resolve) => (began = resolve));
    const listener = await listenForWebhooks({
      onDelivery: async () => {
        began();
        await released;
      },
    });
    const socket = net.connect(listener.port, '127.0.0.1');
    socket.write(`GET /?${RESULT} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await running;
    // The sender gives up (its timeout) before the receiver is done: the 200 has nowhere to go.
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    expect(await closedWithin(listener, 2000)).toBe('closed');
  });

  it('closes without waiting for a sender that is slow to send its body, and says so', async () => {
    const rejections: WebhookRejection[] = [];
    const listener = await listenForWebhooks({
      onDelivery: () => undefined,
      onRejected: (rejection) => void rejections.push(rejection),
    });
    const socket = net.connect(listener.port, '127.0.0.1');
    const hungUp = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(`POST /?vs_cid=row-12 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nai_progress`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await closedWithin(listener, 2000)).toBe('closed');
    await hungUp;
    expect(rejections).toEqual([
      {
        status: 500,
        reason: 'aborted',
        method: 'POST',
        correlationId: 'row-12',
        message: 'the listener was closed before the whole request arrived; the sender may send it again',
      },
    ]);
  });

  it('remembers a delivery in a few bytes, however long its parameters (a POST body may hold 1 MiB)', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const secret = 'listener-secret';
    let delivered = 0;
    const listener = await listenForWebhooks({ secret, onDelivery: () => void (delivered += 1) });
    try {
      gc();
      const before = process.memoryUsage().heapUsed;
      for (let i = 0; i < 48; i += 1) {
        const address = correlateWebhookUrl(listener.url, { id: `row-${i}`, secret });
        const body = new URLSearchParams({
          ai_progress_update_loc: 'p-1',
          videoUrl: `https://cdn.example/${i}/${'x'.repeat(1_000_000)}`,
          duration: '3',
        });
        expect((await fetch(address, { method: 'POST', body })).status).toBe(200);
      }
      gc();
      expect(delivered).toBe(48);
      // Before, each remembered key held the whole videoUrl: 10,000 of them (the default) ~10 GB.
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(16_000_000);
    } finally {
      await listener.close();
    }
  });

  it('refuses an empty secret before listening: anyone can sign with it', async () => {
    const forged = `?vs_cid=row-1&vs_sig=${signCorrelationId('row-1', '')}&${RESULT}`;
    const message =
      'A webhook receiver needs a non-empty secret (anyone can sign with an empty one); leave secret out to accept unsigned deliveries.';
    const listener = await listenForWebhooks({ secret: '', onDelivery: () => undefined }).catch(
      (error: unknown) => error,
    );
    if (!(listener instanceof Error)) {
      const status = (await fetch(`${(listener as WebhookListener).url}${forged}`)).status;
      await (listener as WebhookListener).close();
      expect.fail(`listened with an empty secret and answered a forged delivery ${status}`);
    }
    expect(listener.message).toBe(message);
    expect(() => createWebhookHandler({ secret: '', onDelivery: () => undefined })).toThrow(message);
    // expectWebhookDelivery refuses it before its listener takes the port.
    const port = await listenForWebhooks({ onDelivery: () => undefined }).then(
      async (probe) => (await probe.close(), probe.port),
    );
    await expect(expectWebhookDelivery({ secret: '', port })).rejects.toThrow(message);
    const again = await listenForWebhooks({ port, onDelivery: () => undefined });
    await again.close();
  });
});

/** Whether `close` resolved within `ms`. */
async function closedWithin(listener: WebhookListener, ms: number): Promise<'closed' | 'still open'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'still open'>((resolve) => (timer = setTimeout(() => resolve('still open'), ms)));
  try {
    return await Promise.race([listener.close().then(() => 'closed' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
