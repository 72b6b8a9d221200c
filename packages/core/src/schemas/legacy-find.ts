import { z } from 'zod';

/** The legacy find request body (`POST {legacy_base_url}/api/odin/simple/find/{key}`), usually `{}`. */
export const legacyFindRequestSchema = z.looseObject({});

export type LegacyFindRequest = z.infer<typeof legacyFindRequestSchema>;

/** The legacy find answer: the service does not document it, so anything is accepted. */
export const legacyFindResponseSchema = z.unknown();
