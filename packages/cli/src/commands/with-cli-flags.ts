/**
 * `@vsynth/batch` names its options in backquotes in what it says (`` `maxCubes` ``,
 * `` `resume: true` ``); the CLI says its flags instead.
 */
const FLAGS = new Map([
  ['concurrency', '--concurrency'],
  ['dryRun', '--dry-run'],
  ['journal', '--journal'],
  ['keyColumn', '--key-column'],
  ['maxAttempts', '--max-attempts'],
  ['maxCubes', '--max-cubes'],
  ['projectPool', '--project-pool'],
  ['resendUnknown: true', '--resend-unknown'],
  ['resume: true', '--resume'],
  ['rps', '--rps'],
]);

/**
 * A batch message with the library's option names replaced by the CLI's flags.
 *
 * @example withCliFlags('over `maxCubes` 30.') // 'over --max-cubes 30.'
 */
export function withCliFlags(text: string): string {
  return text.replace(/`([^`\n]+)`/g, (quoted, name: string) => FLAGS.get(name) ?? quoted);
}

/**
 * The same error, its message in the CLI's words (it keeps its class, code and exit code).
 *
 * @example catch (error) { throw errorWithCliFlags(error); }
 */
export function errorWithCliFlags(error: unknown): unknown {
  if (error instanceof Error) error.message = withCliFlags(error.message);
  return error;
}

/**
 * A row's result with its message in the CLI's words.
 *
 * @example resultWithCliFlags(result).errorMessage
 */
export function resultWithCliFlags<T extends { readonly errorMessage?: string }>(result: T): T {
  return result.errorMessage === undefined ? result : { ...result, errorMessage: withCliFlags(result.errorMessage) };
}
