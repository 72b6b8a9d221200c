import { z } from 'zod';

/**
 * The legacy audio request (`POST {legacy_base_url}/api/odin/simple/audio`). The service does not say
 * which fields are required, so all are optional; `checkRequest` warns when `text` is missing.
 */
export const legacyAudioRequestSchema = z
  .looseObject({
    language: z.string().optional().describe('Language of the text, e.g. ko'),
    text: z.string().optional().describe('Text to synthesize'),
    model: z.string().optional().describe('Voice model name'),
    webhook: z.string().optional().describe('Address the audio result is delivered to'),
  })
  .describe('Legacy audio request');

export type LegacyAudioRequest = z.infer<typeof legacyAudioRequestSchema>;

/** The legacy audio answer: the service does not document its body, so anything is accepted. */
export const legacyAudioResponseSchema = z.unknown();
