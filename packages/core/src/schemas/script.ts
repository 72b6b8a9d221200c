import { z } from 'zod';

/**
 * TTS data: `null` for the avatar's own voice, an object otherwise (its format is not shown by
 * the spec, so any object is kept as given).
 *
 * @example ttsSchema.parse(null) // null
 */
export const ttsSchema = z
  .union([z.record(z.string(), z.unknown()), z.null()])
  .describe('null for the avatar voice, TTS data (object) for a synthesized voice');

/**
 * Variant A speech: `scenes[].scripts[0]`. The rules `isTTS:false` ⇒ `tts:null`,
 * `isTTS:true` ⇒ `tts` object, and `modelId`/`clothId` equal to the scene's avatar clip are
 * checked by `checkRequest`.
 *
 * @example
 * scriptEntrySchema.parse({ org: 'Hello', isTTS: false, tts: null, modelId: 'anna', clothId: 'suit_blue' })
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

/** Variant A speech entry; unknown fields are kept. */
export type ScriptEntry = z.infer<typeof scriptEntrySchema>;

/**
 * Variant B speech: the aiModel clip's `script` `{org, tts}`.
 *
 * @example clipScriptSchema.parse({ org: '<p>Hello</p>', tts: null })
 */
export const clipScriptSchema = z
  .looseObject({
    org: z.string().describe('Text of the speech, with p tags'),
    tts: ttsSchema,
  })
  .describe('Speech of the avatar clip (variant B)');

/** Variant B speech; unknown fields are kept. */
export type ClipScript = z.infer<typeof clipScriptSchema>;
