import { z } from 'zod';

/**
 * A clip shadow (textImage, shape): `{color, blur 0–10, offsetX, offsetY, enabled}`.
 * Default colour `#00000060`.
 *
 * @example shadowSchema.parse({ color: '#00000060', blur: 4, offsetX: 2, offsetY: 2, enabled: true })
 */
export const shadowSchema = z
  .looseObject({
    color: z.string().optional().describe('Default #00000060'),
    blur: z.number().min(0).max(10).optional(),
    offsetX: z.number().optional(),
    offsetY: z.number().optional(),
    enabled: z.boolean().optional(),
  })
  .describe('Shadow');

/** A clip shadow. */
export type Shadow = z.infer<typeof shadowSchema>;
