import { z } from 'zod';

/** TTS data: `null` for the avatar's own voice, otherwise an object of undocumented format, kept as given. */
export const ttsSchema = z
  .union([z.record(z.string(), z.unknown()), z.null()])
  .describe('null for the avatar voice, TTS data (object) for a synthesized voice');

/**
 * Variant A speech: `scenes[].scripts[0]`. `checkRequest` checks that `isTTS` agrees with `tts` and that
 * `modelId`/`clothId` match the scene's avatar clip.
 */
export const scriptEntrySchema = z
  .looseObject({
    org: z.string().describe('Text of the speech; p and span tags allowed'),
    isTTS: z.boolean().describe("false = the avatar's own voice"),
    tts: ttsSchema,
    modelId: z.string().min(1).describe("Must equal the avatar clip's model.ai_name"),
    clothId: z.string().min(1).describe("Must equal the avatar clip's model.emotion"),
  })
  .describe('Speech of a scene (variant A)');

export type ScriptEntry = z.infer<typeof scriptEntrySchema>;

/** Variant B speech: the aiModel clip's `script` `{org, tts}`. */
export const clipScriptSchema = z
  .looseObject({
    org: z.string().describe('Text of the speech, with p tags'),
    tts: ttsSchema,
  })
  .describe('Speech of the avatar clip (variant B)');

export type ClipScript = z.infer<typeof clipScriptSchema>;
