import { describe, expect, it } from 'vitest';
import { isUsageError } from '../errors/usage-error.js';
import { createWebhookHandler } from './create-webhook-handler.js';
import { listenForWebhooks } from './listen-for-webhooks.js';

const RESULT = 'ai_progress_update_loc=p-1&videoUrl=https%3A%2F%2Fcdn.example%2Fv.mp4&duration=3';

describe('listenForWebhooks', () => {
  it('reports a port in use as a usage error naming the address', async () => {
    const first = await listenForWebhooks({ onDelivery: () => undefined });
    try {
      const error = await listenForWebhooks({ port: first.port, onDelivery: () => undefined }).catch((caught: unknown) => caught);
      expect(isUsageError(error)).toBe(true);
      expect((error as Error).message).toBe(`Cannot listen for webhooks on 127.0.0.1:${first.port}: the port is in use. Choose another port, or 0 for any free one.`);
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
      const form = await fetch(`${listener.url}?duration=4`, { method: 'POST', body: new URLSearchParams({ ai_progress_update_loc: 'p-2', videoUrl: 'https://cdn.example/2.mp4', duration: '9' }) });
      const json = await fetch(listener.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ai_progress_update_loc: 'p-3', videoUrl: 'https://cdn.example/3.mp4', duration: 5.5 }) });
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
        const answer = async (response: Response) => ({ status: response.status, type: response.headers.get('content-type'), allow: response.headers.get('allow'), body: await response.text() });
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
      const body = new URLSearchParams({ ai_progress_update_loc: 'p-4', videoUrl: 'https://cdn.example/4.mp4', duration: '2' }).toString();
      await fetch(`${listener.url}hooks?team=a`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-sender': 'sandbox' }, body });
      expect(requests).toHaveLength(1);
      expect(requests[0]!.url).toBe(`${listener.url}hooks?team=a`);
      expect(requests[0]!.method).toBe('POST');
      expect(requests[0]!.headers.get('x-sender')).toBe('sandbox');
      expect(await requests[0]!.text()).toBe(body);
    } finally {
      await listener.close();
    }
  });
});
