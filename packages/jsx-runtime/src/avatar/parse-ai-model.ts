import { aiModelObjectSchema, ValidationError, zodIssuesToIssues, type AiModelObject } from '@vsynth/core';

/**
 * Checks a model object against core's `aiModelObjectSchema` and returns it unchanged; throws
 * `ValidationError` naming each missing or wrong field.
 */
export function parseAiModel(model: unknown, subject: string): AiModelObject {
  const result = aiModelObjectSchema.safeParse(model);
  if (!result.success) throw new ValidationError(zodIssuesToIssues(result.error), { subject });
  // The schema only checks (no defaults), so keep the caller's object: same keys, same order.
  return model as AiModelObject;
}
