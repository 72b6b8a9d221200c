import { z } from 'zod';
import { backgroundSchema } from './background.js';
import {
  aiModelClipSchema,
  audioClipSchema,
  imageClipSchema,
  shapeClipSchema,
  textImageClipSchema,
  videoImageClipSchema,
} from './clip.js';
import { projectCreateResponseSchema } from './project-create.js';

/** What an edit change may address: the clip types plus the scene `background`. */
export const EDIT_TARGET_TYPES = [
  'aiModel',
  'shape',
  'image',
  'textImage',
  'videoImage',
  'audio',
  'background',
] as const;

export type EditTargetType = (typeof EDIT_TARGET_TYPES)[number];

const omitIdentity = { id: true, type: true } as const;
const sceneIdx = z.number().int().min(0).describe('Index of the scene to change');

function change<T extends EditTargetType, V extends z.ZodType>(type: T, values: V) {
  return z.looseObject({ sceneIdx, type: z.literal(type), values });
}

/**
 * One change of an edit request: `{sceneIdx, type, values}`, `values` in the clip's own field names
 * (for aiModel, `script` is the new speech as a string).
 */
export const editChangeSchema = z.discriminatedUnion('type', [
  change(
    'aiModel',
    aiModelClipSchema
      .omit({ ...omitIdentity, script: true })
      .partial()
      .extend({
        script: z.string().optional().describe('New speech text'),
      }),
  ),
  change('shape', shapeClipSchema.omit(omitIdentity).partial()),
  change('image', imageClipSchema.omit(omitIdentity).partial()),
  change('textImage', textImageClipSchema.omit(omitIdentity).partial()),
  change('videoImage', videoImageClipSchema.omit(omitIdentity).partial()),
  change('audio', audioClipSchema.omit(omitIdentity).partial()),
  change('background', backgroundSchema.partial()),
]);

export type EditChange = z.infer<typeof editChangeSchema>;

/** The edit request (`POST {base_url}/api/odin/v3/editor/project/{key}`); the key is in the path. */
export const editRequestSchema = z
  .looseObject({
    updates: z.looseObject({ value: z.array(editChangeSchema).min(1) }),
    isExport: z.boolean().optional().describe('Default true'),
    webhookUrl: z.string().optional(),
  })
  .describe('Edit request');

export type EditRequest = z.infer<typeof editRequestSchema>;

/** The edit response, `{projectId}`. */
export const editResponseSchema = projectCreateResponseSchema;

export type EditResponse = z.infer<typeof editResponseSchema>;
