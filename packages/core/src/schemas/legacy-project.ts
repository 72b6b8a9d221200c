import { z } from 'zod';

/**
 * The avatar of a legacy scene, placed by its midpoint (`locationX/Y` in -0.5..0.5 of the canvas,
 * 0 = centre) and `scale` (default 1).
 */
export const legacyAiModelSchema = z.looseObject({
  model: z.string().min(1).describe('Unique key of the model'),
  clothes: z.string().min(1).describe('Unique key of the outfit'),
  language: z.string().min(1).describe('Language of the script, e.g. ko'),
  script: z.string().describe("Text the avatar reads, in the model's language"),
  scale: z.number().positive().optional().describe('Default 1; 2 = double, 0.5 = half'),
  layer: z.number().int().optional().describe('Default 300'),
  locationX: z.number().describe('Midpoint X: -0.5 left edge, 0 centre, 0.5 right edge'),
  locationY: z.number().describe('Midpoint Y: -0.5 top edge, 0 centre, 0.5 bottom edge'),
});

const placement = {
  scale: z.number().positive().optional().describe('Default 1; for images 1 = longer side 50% of the canvas'),
  locationX: z.number().optional().describe('Default 0'),
  locationY: z.number().optional().describe('Default 0'),
  layer: z.number().int().optional().describe('Default 500'),
};

/** `detail` of a legacy image or background clip: `url` is required. */
export const legacyImageDetailSchema = z.looseObject({
  url: z.string().min(1).describe('Image path'),
  ...placement,
});

/** `detail` of a legacy text clip. */
export const legacyTextDetailSchema = z.looseObject({
  textSource: z.string().optional().describe('Text content'),
  font: z.string().optional().describe('Default Noto Sans'),
  ...placement,
});

/** A legacy clip: `image`, `background` (both need `detail.url`) or `text`. */
export const legacyClipSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('image'), detail: legacyImageDetailSchema }),
  z.looseObject({ type: z.literal('background'), detail: legacyImageDetailSchema }),
  z.looseObject({ type: z.literal('text'), detail: legacyTextDetailSchema }),
]);

export type LegacyClip = z.infer<typeof legacyClipSchema>;

/** A legacy scene: its avatar and clips. */
export const legacySceneSchema = z.looseObject({
  AIModel: legacyAiModelSchema,
  clips: z.array(legacyClipSchema).optional().describe('Default []'),
});

export type LegacyScene = z.infer<typeof legacySceneSchema>;

/** The legacy project create request (`POST {legacy_base_url}/api/odin/editor/project`). */
export const legacyProjectRequestSchema = z
  .looseObject({ scenes: z.array(legacySceneSchema).min(1) })
  .describe('Legacy project create request');

export type LegacyProjectRequest = z.infer<typeof legacyProjectRequestSchema>;

/** The legacy create answer `{success, cube_used, key}`. */
export const legacyProjectResponseSchema = z.looseObject({
  success: z.boolean(),
  cube_used: z.number().int().min(0),
  key: z.string().min(1),
});

export type LegacyProjectResponse = z.infer<typeof legacyProjectResponseSchema>;
