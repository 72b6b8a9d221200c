import type { z } from 'zod';

/**
 * `schema.safeParse(input)`; when it fails, its issues carry the values they are about (zod's
 * `reportInput`) for messages that quote them. A valid input, nearly every one, is parsed without
 * options, which is two to three times as fast for a modify request; a failing one is parsed again.
 *
 * @example
 * const parsed = safeParseReportingInput(modifyRequestSchema, body);
 * if (!parsed.success) console.log(zodIssuesToIssues(parsed.error, { input: body }));
 */
export function safeParseReportingInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
): z.ZodSafeParseResult<z.output<S>> {
  const parsed = schema.safeParse(input);
  return parsed.success ? parsed : schema.safeParse(input, { reportInput: true });
}
