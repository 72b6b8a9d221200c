import { describe, expect, it } from 'vitest';
import { expectWebhookDelivery } from './expect-webhook-delivery.js';
import type { WebhookRejection } from './webhook-rejection.js';

function deliveryUrl(webhookUrl: string): string {
  const url = new URL(webhookUrl);
  url.searchParams.set('ai_progress_update_loc', 'projects/p-1');
  url.searchParams.set('videoUrl', 'https://cdn.example/p-1.mp4');
  url.searchParams.set('duration', '8.5');
  return url.href;
}

describe('expectWebhookDelivery', () => {
  it('answers the delivery 200 even when the waiter closes the listener as soon as it arrives', async () => {
    const expected = await expectWebhookDelivery({ id: 'cid-1' });
    const sent = fetch(deliveryUrl(expected.webhookUrl));
    const delivery = await expected.wait({ timeoutMs: 5000 });
    await expected.close();
    // The sender must learn the delivery succeeded, or the service retries it.
    expect((await sent).status).toBe(200);
    expect(delivery).toEqual({
      location: 'projects/p-1',
      videoUrl: 'https://cdn.example/p-1.mp4',
      duration: 8.5,
      correlationId: 'cid-1',
    });
  });

  it('refuses a delivery signed with another secret and keeps waiting', async () => {
    const rejections: WebhookRejection[] = [];
    const expected = await expectWebhookDelivery({
      id: 'cid-2',
      secret: 'right-secret',
      onRejected: (r) => void rejections.push(r),
    });
    try {
      const forged = new URL(deliveryUrl(expected.webhookUrl));
      forged.searchParams.set('vs_sig', 'f'.repeat(64));
      const answer = await fetch(forged);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toEqual({ ok: false, error: 'vs_sig does not verify' });
      await expect(expected.wait({ timeoutMs: 50 })).rejects.toThrow('No webhook delivery arrived within');
      expect(rejections.map((r) => [r.status, r.reason, r.correlationId])).toEqual([[401, 'bad-signature', 'cid-2']]);
    } finally {
      await expected.close();
    }
  });
});
