import { z } from 'zod';
import { LANGUAGE_CODES, languageCodeSchema } from './language.js';

/** Limits of the dubbing upload. */
export const DUBBING_LIMITS = { maxTargets: 10, maxSpeakers: 5 } as const;

/** `numberOfSpeakers`: `'auto'` or 1..5. */
export const speakersSchema = z.union([z.literal('auto'), z.number().int().min(1).max(DUBBING_LIMITS.maxSpeakers)]);

const targetSrtsShape = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, z.unknown().optional()])) as {
  [K in (typeof LANGUAGE_CODES)[number]]: z.ZodOptional<z.ZodUnknown>;
};

/**
 * The dubbing upload fields before multipart encoding (`targets[i]` becomes `target_i`, `targetSrts[code]`
 * becomes `targetSrt_i`). `checkDubbingOptions` adds the cross-field rules.
 *
 * @example dubbingOptionsSchema.parse({ original: 'en-US', targets: ['ko-KR', 'ja-JP'], numberOfSpeakers: 2 })
 */
export const dubbingOptionsSchema = z
  .object({
    original: z
      .union([languageCodeSchema, z.literal('auto')])
      .optional()
      .describe('Default auto'),
    targets: z.array(languageCodeSchema).min(1).max(DUBBING_LIMITS.maxTargets),
    targetSrts: z.strictObject(targetSrtsShape).optional().describe('Subtitle file per listed target'),
    isDubbingOnly: z.boolean().optional(),
    isRemoveBGM: z.boolean().optional(),
    isCaptionFile: z.boolean().optional(),
    numberOfSpeakers: speakersSchema.optional().describe('auto (default) or 1–5'),
  })
  .describe('Dubbing upload options');

export type DubbingOptions = z.infer<typeof dubbingOptionsSchema>;

/** The upload answer, `{folderId}`. */
export const dubbingUploadResponseSchema = z.looseObject({ folderId: z.string().min(1) });

export type DubbingUploadResponse = z.infer<typeof dubbingUploadResponseSchema>;

/**
 * The progress answer (`GET …/translatevideos?folderId=`); `download_url` is empty or absent until the
 * video is ready. The service does not document the scale of `progress`.
 */
export const dubbingProgressSchema = z.looseObject({
  projectId: z.string().optional(),
  name: z.string().optional(),
  progress: z.number(),
  download_url: z.string().nullable().optional(),
});

export type DubbingProgress = z.infer<typeof dubbingProgressSchema>;
