import { z } from 'zod';

/**
 * The envelope some answers come in: `{success, data}` (plus optional `message`/`error`).
 * `parseResponse` accepts a body bare or enveloped.
 */
export const envelopeSchema = z.looseObject({
  success: z.boolean(),
  data: z.unknown().optional(),
  message: z.unknown().optional(),
  error: z.unknown().optional(),
});

export type Envelope = z.infer<typeof envelopeSchema>;
