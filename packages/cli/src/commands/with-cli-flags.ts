/**
 * `@vsynth/batch` and `@vsynth/queue` name their options in backquotes in what they say
 * (`` `maxCubes` ``, `` `resume: true` ``, `` `queue` ``); the CLI says its flags instead.
 */
const FLAGS = new Map([
  ['assetBaseUrl', '--asset-base-url'],
  ['batchId', '--batch-id'],
  ['concurrency', '--concurrency'],
  ['dryRun', '--dry-run'],
  ['journal', '--journal'],
  ['keyColumn', '--key-column'],
  ['maxAttempts', '--max-attempts'],
  ['maxCubes', '--max-cubes'],
  ['projectPool', '--project-pool'],
  ['queue', '--queue'],
  ['resendUnknown: true', '--resend-unknown'],
  ['resume: true', '--resume'],
  ['rps', '--rps'],
]);

/**
 * A library message with its option names replaced by the CLI's flags.
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
 * What `work` resolves to; its error, if any, in the CLI's words.
 *
 * @example const connection = await cliFlagsOnError(connectRedis(options.queue));
 */
export async function cliFlagsOnError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw errorWithCliFlags(error);
  }
}

/**
 * A row's result with its message in the CLI's words.
 *
 * @example resultWithCliFlags(result).errorMessage
 */
export function resultWithCliFlags<T extends { readonly errorMessage?: string }>(result: T): T {
  return result.errorMessage === undefined ? result : { ...result, errorMessage: withCliFlags(result.errorMessage) };
}
