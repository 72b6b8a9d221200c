import { z } from 'zod';

/**
 * The envelope some answers come in: `{success, data}` (plus optional `message`/`error`).
 * `parseResponse` accepts a body bare or enveloped.
 *
 * @example envelopeSchema.safeParse({ success: true, data: { projectId: 'p1' } }).success // true
 */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
});

/** An enveloped answer. */
export type Envelope = z.infer<typeof envelopeSchema>;
