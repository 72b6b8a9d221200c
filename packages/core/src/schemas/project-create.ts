import { z } from 'zod';
import { orientationSchema } from './orientation.js';
import { sceneSchema } from './scene.js';

/**
 * The v3 project create request (`POST {base_url}/api/odin/v3/editor/project`), variant A (speech in
 * `scenes[].scripts[0]`) or B (in the aiModel clip's `script`). `checkRequest` adds the cross-field rules.
 */
export const projectCreateRequestSchema = z
  .looseObject({
    name: z.string().optional().describe('Project name, default "Default Template"'),
    orientation: orientationSchema.optional(),
    dictionary: z.unknown().optional().describe('Additional speech learning data (variant B)'),
    scenes: z.array(sceneSchema).min(1),
    isExport: z.boolean().optional().describe('Default true'),
    webhookUrl: z.string().optional().describe('Address the synthesis result is sent to'),
  })
  .describe('Project create request (v3)');

export type ProjectCreateRequest = z.infer<typeof projectCreateRequestSchema>;

/** The answer of create, modify and edit: `{projectId}`, bare or enveloped (see `parseResponse`). */
export const projectCreateResponseSchema = z.looseObject({
  projectId: z.string().min(1),
});

export type ProjectCreateResponse = z.infer<typeof projectCreateResponseSchema>;
