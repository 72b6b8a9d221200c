import { createHmac, timingSafeEqual } from 'node:crypto';

/** Query parameter vsynth appends to a webhook address: the correlation id. */
export const CORRELATION_ID_PARAM = 'vs_cid';
/** Query parameter vsynth appends to a webhook address: the id's HMAC-SHA256 under the webhook secret. */
export const SIGNATURE_PARAM = 'vs_sig';

export interface CorrelateWebhookUrlOptions {
  /** The correlation id, e.g. a batch row id or a random UUID. */
  readonly id: string;
  /** Secret for the HMAC; the receiver must hold the same one. */
  readonly secret: string;
}

/** Hex HMAC-SHA256 of a correlation id. */
export function signCorrelationId(id: string, secret: string): string {
  return createHmac('sha256', secret).update(id, 'utf8').digest('hex');
}

/** True when `signature` is the HMAC of `id` under `secret`; compared in constant time. */
export function verifyCorrelationSignature(id: string, signature: string, secret: string): boolean {
  const expected = Buffer.from(signCorrelationId(id, secret), 'hex');
  if (!/^[0-9a-f]{64}$/i.test(signature)) return false;
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Appends `vs_cid=<id>&vs_sig=<hmac-sha256(secret, id)>` to a webhook address. The service appends its
 * result to this address, so the delivery carries the id back and the receiver can tell it was ours.
 *
 * @example
 * correlateWebhookUrl('https://hooks.example.com/vsynth?team=a', { id: 'row-7', secret })
 * // 'https://hooks.example.com/vsynth?team=a&vs_cid=row-7&vs_sig=…'
 */
export function correlateWebhookUrl(url: string, options: CorrelateWebhookUrlOptions): string {
  if (options.secret === '') throw new TypeError('correlateWebhookUrl needs a non-empty secret');
  const target = new URL(url);
  target.searchParams.set(CORRELATION_ID_PARAM, options.id);
  target.searchParams.set(SIGNATURE_PARAM, signCorrelationId(options.id, options.secret));
  return target.href;
}
