import { omitUndefined } from '@vsynth/core';
import type { WebhookDeliveryInfo } from '@vsynth/batch';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { RedisStore } from './redis-store.js';

/**
 * Records a verified webhook delivery against the row its correlation id (`<batchId>.<row>`)
 * names: the row's state becomes done when its only request had no known outcome, and the
 * batch's results get its videoUrl and duration. False when the id names no queued batch.
 *
 * @example listenForWebhooks({ secret, onDelivery: (d) => void recordDelivery(redis, d) })
 */
export async function recordDelivery(redis: Redis, delivery: WebhookDeliveryInfo): Promise<boolean> {
  const cid = delivery.correlationId;
  const match = cid === undefined ? null : /^([A-Za-z0-9_-]{1,64})\.(\d+)$/.exec(cid);
  if (match === null) return false;
  const batchId = match[1]!;
  const row = Number(match[2]);
  const keys = batchKeys(batchId);
  if ((await redis.exists(keys.settings)) === 0) return false;
  const entry = {
    cid: cid!,
    ...omitUndefined({ videoUrl: delivery.videoUrl, duration: delivery.duration }),
  };
  await redis.hset(keys.deliveries, String(row), JSON.stringify(entry));
  await new RedisStore(redis, batchId).record({ type: 'delivery', row, ...entry, time: new Date().toISOString() });
  return true;
}
