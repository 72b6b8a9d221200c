import { z } from 'zod';

/**
 * A scene background (`scenes[].background`). The spec shows `id`, `type`, `source_type`,
 * `source_url` and `source_color` without saying which are required; all are optional strings
 * and unknown fields are kept.
 *
 * @example
 * backgroundSchema.parse({ id: 'background', type: 'background', source_type: 'image', source_url: '/img/bg.png' })
 */
export const backgroundSchema = z
  .looseObject({
    id: z.string().optional().describe('Sample: background'),
    type: z.string().optional().describe('Sample: background'),
    source_type: z.string().optional().describe('Sample: image'),
    source_url: z.string().optional().describe('Path or URL of the background image'),
    source_color: z.string().optional().describe('Background colour as rgb(r,g,b)'),
  })
  .describe('Scene background');

/** A scene background; unknown fields are kept. */
export type Background = z.infer<typeof backgroundSchema>;
