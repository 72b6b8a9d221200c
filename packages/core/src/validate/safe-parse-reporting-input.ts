import type { z } from 'zod';

/**
 * `schema.safeParse(input)`; when it fails, its issues carry the values they are about (zod's
 * `reportInput`) for messages that quote them. A valid input, nearly every one, is parsed without
 * options: zod spreads options into a new context at every parse, which made a modify request's
 * parse two to three times as slow (and its garbage outlive young collections); a failing input is
 * parsed again with them.
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
