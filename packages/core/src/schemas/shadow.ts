import { z } from 'zod';
import { colourSchema } from './colour.js';

/** A textImage or shape clip's shadow: `{color, blur 0–10, offsetX, offsetY, enabled}`. */
export const shadowSchema = z
  .looseObject({
    color: colourSchema.optional().describe('Default #00000060'),
    blur: z.number().min(0).max(10).optional(),
    offsetX: z.number().optional(),
    offsetY: z.number().optional(),
    enabled: z.boolean().optional(),
  })
  .describe('Shadow');

export type Shadow = z.infer<typeof shadowSchema>;
