import { describe, expect, it } from 'vitest';
import { isUsageError } from '../errors/usage-error.js';
import { listenForWebhooks } from './listen-for-webhooks.js';

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
});
