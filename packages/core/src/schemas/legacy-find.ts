import { z } from 'zod';

/**
 * The legacy find request body (`POST {legacy_base_url}/api/odin/simple/find/{key}`): an empty
 * object in the spec's example.
 *
 * @example legacyFindRequestSchema.parse({})
 */
export const legacyFindRequestSchema = z.looseObject({});

/** The legacy find request body. */
export type LegacyFindRequest = z.infer<typeof legacyFindRequestSchema>;

/**
 * The legacy find answer: not shown by the spec, so anything is accepted.
 *
 * @example legacyFindResponseSchema.parse({ key: 'k-1' })
 */
export const legacyFindResponseSchema = z.unknown();
