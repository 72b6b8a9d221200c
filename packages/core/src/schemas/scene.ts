import { z } from 'zod';
import { backgroundSchema } from './background.js';
import { clipSchema } from './clip.js';
import { scriptEntrySchema } from './script.js';

/**
 * One scene of a v3 project. `scripts` (exactly one entry) is present in variant A and absent in
 * variant B, where the speech is the avatar clip's `script`.
 */
export const sceneSchema = z
  .looseObject({
    sceneIdx: z.number().int().min(0).describe('Index of the scene, from 0'),
    scripts: z.array(scriptEntrySchema).length(1).optional().describe('Variant A: exactly one entry'),
    background: backgroundSchema,
    clips: z.array(clipSchema),
    watermark: z.boolean().optional(),
    thumbnailUrl: z.string().nullable().optional(),
  })
  .describe('Scene');

export type Scene = z.infer<typeof sceneSchema>;
