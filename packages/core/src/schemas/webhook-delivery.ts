import { z } from 'zod';

/** A decimal number written as text, e.g. `12.5`. */
export const DECIMAL_TEXT = /^\d+(\.\d+)?$/;

/**
 * The query string of a webhook delivery: the service's three parameters plus vsynth's optional
 * correlation id and signature (`vs_cid`, `vs_sig`).
 *
 * @example webhookDeliveryQuerySchema.parse(Object.fromEntries(new URL(url).searchParams))
 */
export const webhookDeliveryQuerySchema = z.looseObject({
  ai_progress_update_loc: z.string().describe('Where the created project is saved'),
  videoUrl: z.string().min(1).describe('Download link of the exported file'),
  duration: z
    .string()
    .regex(DECIMAL_TEXT, { error: 'must be a decimal number as text (e.g. 12.5)' })
    .refine((text) => !DECIMAL_TEXT.test(text) || Number.isFinite(Number(text)), {
      error: 'is too large for a number of seconds (e.g. 12.5)',
    }),
  vs_cid: z.string().optional().describe('vsynth correlation id'),
  vs_sig: z.string().optional().describe('hex HMAC-SHA256 of vs_cid'),
});

export type WebhookDeliveryQuery = z.infer<typeof webhookDeliveryQuerySchema>;
