import type { z } from 'zod';
import type { Issue } from '../errors/issue.js';
import { editRequestSchema, type EditRequest } from '../schemas/edit.js';
import { legacyAudioRequestSchema, type LegacyAudioRequest } from '../schemas/legacy-audio.js';
import { legacyProjectRequestSchema, type LegacyProjectRequest } from '../schemas/legacy-project.js';
import { modifyRequestSchema, type ModifyRequest } from '../schemas/modify.js';
import { projectCreateRequestSchema, type ProjectCreateRequest } from '../schemas/project-create.js';
import { checkCreateRules } from './check-create-rules.js';
import { checkEditRules } from './check-edit-rules.js';
import { checkLegacyAudioRules } from './check-legacy-audio-rules.js';
import { checkLegacyRules } from './check-legacy-rules.js';
import { checkModifyRules } from './check-modify-rules.js';
import { isRecord } from './describe-value.js';

/** The request bodies vsynth validates: `vsynth validate --kind`, `checkRequest(kind, …)`. */
export const REQUEST_KINDS = ['create', 'modify', 'edit', 'legacy', 'legacy-audio'] as const;

/** One of {@link REQUEST_KINDS}. */
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** The parsed request type of each kind. */
export interface RequestOfKind {
  create: ProjectCreateRequest;
  modify: ModifyRequest;
  edit: EditRequest;
  legacy: LegacyProjectRequest;
  'legacy-audio': LegacyAudioRequest;
}

/**
 * The lenient zod schema of each request kind.
 *
 * @example REQUEST_SCHEMAS.modify.safeParse(body).success
 */
export const REQUEST_SCHEMAS = {
  create: projectCreateRequestSchema,
  modify: modifyRequestSchema,
  edit: editRequestSchema,
  legacy: legacyProjectRequestSchema,
  'legacy-audio': legacyAudioRequestSchema,
} as const satisfies Record<RequestKind, z.ZodType>;

/** The cross-field rule checks of each request kind (errors and warnings). */
export const REQUEST_RULES: Record<RequestKind, (input: unknown) => Issue[]> = {
  create: checkCreateRules,
  modify: checkModifyRules,
  edit: checkEditRules,
  legacy: checkLegacyRules,
  'legacy-audio': checkLegacyAudioRules,
};

/** What each kind is called in messages. */
export const REQUEST_KIND_NAMES: Record<RequestKind, string> = {
  create: 'project create request',
  modify: 'modify request',
  edit: 'edit request',
  legacy: 'legacy project request',
  'legacy-audio': 'legacy audio request',
};

/**
 * True for one of {@link REQUEST_KINDS}.
 *
 * @example isRequestKind('legacy-audio') // true
 */
export function isRequestKind(value: unknown): value is RequestKind {
  return typeof value === 'string' && (REQUEST_KINDS as readonly string[]).includes(value);
}

/**
 * Guesses the kind of a request body from its top-level fields: `projectId` + `updates` is
 * modify, `updates.value` is edit, scenes with `AIModel` are legacy, other `scenes` are create,
 * `text`/`model`/`webhook` without scenes is legacy audio. Undefined when nothing fits.
 *
 * @example inferRequestKind({ projectId: 'p', updates: { title: 'x' } }) // 'modify'
 */
export function inferRequestKind(input: unknown): RequestKind | undefined {
  if (!isRecord(input)) return undefined;
  if (isRecord(input['updates'])) {
    if (input['projectId'] !== undefined) return 'modify';
    if (input['updates']['value'] !== undefined) return 'edit';
    return 'modify';
  }
  const scenes = input['scenes'];
  if (Array.isArray(scenes)) {
    return scenes.some((scene) => isRecord(scene) && scene['AIModel'] !== undefined) ? 'legacy' : 'create';
  }
  if (['text', 'model', 'webhook', 'language'].some((key) => input[key] !== undefined)) return 'legacy-audio';
  return undefined;
}
