import { z } from 'zod';
import { colourSchema } from './colour.js';

/**
 * A scene background (`scenes[].background`). The service does not say which fields are required,
 * so all are optional strings; unknown fields are kept.
 */
export const backgroundSchema = z
  .looseObject({
    id: z.string().optional().describe('Sample: background'),
    type: z.string().optional().describe('Sample: background'),
    source_type: z.string().optional().describe('Sample: image'),
    source_url: z.string().optional().describe('Path or URL of the background image'),
    source_color: colourSchema.optional(),
  })
  .describe('Scene background');

export type Background = z.infer<typeof backgroundSchema>;
