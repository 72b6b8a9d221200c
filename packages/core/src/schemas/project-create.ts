import { z } from 'zod';
import { orientationSchema } from './orientation.js';
import { sceneSchema } from './scene.js';

/**
 * The v3 project create request (`POST {base_url}/api/odin/v3/editor/project`), variant A
 * (speech in `scenes[].scripts[0]`) or variant B (speech in the aiModel clip's `script`).
 * Cross-field rules (modelId/clothId, isTTS/tts, variant consistency) are checked by
 * `checkRequest('create', …)`.
 *
 * @example
 * const payload: ProjectCreateRequest = projectCreateRequestSchema.parse(JSON.parse(text))
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

/** A v3 project create request; unknown fields are kept. */
export type ProjectCreateRequest = z.infer<typeof projectCreateRequestSchema>;

/**
 * The answer of create, modify and edit: `{projectId}` (bare or inside `{success, data}`;
 * use `parseResponse` to accept both).
 *
 * @example projectCreateResponseSchema.parse({ projectId: '665f1c' })
 */
export const projectCreateResponseSchema = z.looseObject({
  projectId: z.string().min(1),
});

/** `{projectId}`. */
export type ProjectCreateResponse = z.infer<typeof projectCreateResponseSchema>;
