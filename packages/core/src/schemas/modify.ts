import { z } from 'zod';
import { projectCreateResponseSchema } from './project-create.js';

/** Keys of a modify request's `updates`: `title`, `subtitles` or `scripts`, optionally `_` and an index. */
export const MODIFY_KEY_PATTERN = /^(title|subtitles|scripts)(_\d+)?$/;

/** What an `updates` key must look like, as error messages say it. */
export const MODIFY_KEY_RULE =
  'must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)';

export type ModifyTag = 'title' | 'subtitles' | 'scripts';

export interface ModifyKey {
  readonly tag: ModifyTag;
  readonly index: number;
}

/**
 * Splits a modify key into tag and index (0 without suffix); undefined for a key that does not match.
 *
 * @example parseModifyKey('title_2') // { tag: 'title', index: 2 }
 */
export function parseModifyKey(key: string): ModifyKey | undefined {
  const match = MODIFY_KEY_PATTERN.exec(key);
  if (match === null) return undefined;
  const index = match[2] === undefined ? 0 : Number(match[2].slice(1));
  if (!Number.isSafeInteger(index)) return undefined;
  return { tag: match[1] as ModifyTag, index };
}

/**
 * The modify request (`POST {base_url}/api/odin/v3/project/modify`).
 *
 * @example modifyRequestSchema.parse({ projectId: '665f1c', updates: { title: 'Hello Ana', scripts_1: 'Hi' } })
 */
export const modifyRequestSchema = z
  .looseObject({
    projectId: z.string().min(1),
    updates: z.record(z.string().regex(MODIFY_KEY_PATTERN, { error: MODIFY_KEY_RULE }), z.string()),
    isExport: z.boolean().optional().describe('Default false'),
    webhookUrl: z.string().optional(),
  })
  .describe('Modify request');

export type ModifyRequest = z.infer<typeof modifyRequestSchema>;

/** The modify response, `{projectId}`. */
export const modifyResponseSchema = projectCreateResponseSchema;

export type ModifyResponse = z.infer<typeof modifyResponseSchema>;
