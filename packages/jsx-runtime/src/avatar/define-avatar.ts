import { parseAiModel } from './parse-ai-model.js';
import type { AiModelObject } from '@vsynth/core';

/** A registered avatar: a name to reference it by and the model object v3 payloads need. */
export interface AvatarDefinition {
  /** Name used by `<Avatar model="…">`; defaults to `model.ai_name`. */
  readonly name: string;
  /** The whole model object, as found in an aiModel clip of an existing project. */
  readonly model: AiModelObject;
}

export interface DefineAvatarOptions {
  /** A name to reference the avatar by, e.g. `anna-blue`; default `model.ai_name`. */
  readonly name?: string;
}

/**
 * Registers an avatar's model object once, to pass as `<Avatar model={anna}>` or through
 * `compile(…, {avatars: [anna]})` and reference it by name. Throws `ValidationError` when the
 * model object lacks what the service needs.
 *
 * @example
 * export const anna = defineAvatar({ ai_name: 'anna', emotion: 'business_suit', language: 'en', … });
 * <Avatar model={anna}>Hello</Avatar>
 */
export function defineAvatar(model: AiModelObject, options: DefineAvatarOptions = {}): AvatarDefinition {
  const checked = parseAiModel(model, `avatar ${options.name ?? String((model as { ai_name?: unknown }).ai_name)}`);
  return Object.freeze({ name: options.name ?? checked.ai_name, model: checked });
}

/** True for a `defineAvatar` result (also one made by another installed copy). */
export function isAvatarDefinition(value: unknown): value is AvatarDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { name?: unknown }).name === 'string' &&
    typeof (value as { model?: unknown }).model === 'object' &&
    (value as { model?: unknown }).model !== null
  );
}
