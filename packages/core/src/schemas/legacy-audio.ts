import { z } from 'zod';

/**
 * The legacy audio request (`POST {legacy_base_url}/api/odin/simple/audio`). The spec does not
 * say which fields are required; all are optional strings and `checkRequest` warns when `text`
 * is missing.
 *
 * @example legacyAudioRequestSchema.parse({ language: 'ko', text: '안녕하세요', model: 'anna', webhook: 'https://example.com/hook' })
 */
export const legacyAudioRequestSchema = z
  .looseObject({
    language: z.string().optional().describe('Language of the text, e.g. ko'),
    text: z.string().optional().describe('Text to synthesize'),
    model: z.string().optional().describe('Voice model name'),
    webhook: z.string().optional().describe('Address the audio result is delivered to'),
  })
  .describe('Legacy audio request');

/** A legacy audio request; unknown fields are kept. */
export type LegacyAudioRequest = z.infer<typeof legacyAudioRequestSchema>;

/**
 * The legacy audio answer: its body is not shown by the spec, so anything is accepted.
 *
 * @example legacyAudioResponseSchema.parse({ success: true })
 */
export const legacyAudioResponseSchema = z.unknown();
