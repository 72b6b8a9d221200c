/**
 * `vsynth validate <file.json> [--kind create|modify|edit|legacy|legacy-audio]`: checks a
 * request body against the spec and prints every problem with its path.
 */
import { Option, type Command } from 'commander';
import {
  REQUEST_KIND_NAMES,
  REQUEST_KINDS,
  UsageError,
  ValidationError,
  checkRequest,
  describeValue,
  formatIssues,
  inferRequestKind,
  issue,
  isValidationError,
  omitUndefined,
  parseJsonText,
  type Issue,
  type RequestKind,
} from '@vsynth/core';
import { readTextFile } from '../read-text-file.js';

export interface ValidateOptions {
  /** The request kind; inferred from the body's fields when absent. */
  readonly kind?: RequestKind;
  /**
   * Print `{file, kind, valid, issues}` as JSON on stdout whenever the file could be read (`kind` null when not known).
   */
  readonly json?: boolean;
  readonly stderr?: { write(text: string): unknown };
  readonly stdout?: { write(text: string): unknown };
}

/**
 * Registers `vsynth validate`. Exit 0 when valid (warnings on stderr), 3 with every issue when
 * not (or when the file is not JSON, or not a JSON object), 2 for a missing file, a bad `--kind`
 * or an object whose kind cannot be inferred.
 *
 * @example registerValidate(program) // vsynth validate examples/payloads/modify.json --kind modify
 */
export function registerValidate(program: Command): void {
  program
    .command('validate')
    .description('Check a request body (JSON file) against the service spec; print every problem with its path')
    .argument('<file>', 'JSON file holding the request body')
    .addOption(
      new Option(
        '--kind <kind>',
        'request kind; inferred from the fields when omitted (scenes with AIModel: legacy, scenes: create, projectId+updates: modify, updates.value: edit, text/model: legacy-audio)',
      ).choices(REQUEST_KINDS),
    )
    .option('--json', 'also print {file, kind, valid, issues} as JSON on stdout')
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth validate examples/payloads/create-variant-a.json\n  vsynth validate rows/modify.json --kind modify',
    )
    .action(async (file: string, options: { kind?: RequestKind; json?: boolean }) => {
      await runValidate(file, omitUndefined({ kind: options.kind, json: options.json }));
    });
}

/**
 * Validates one file. Resolves with the issues (warnings only) when valid; throws `UsageError`
 * for an unreadable file or an unknown kind and `ValidationError` when invalid.
 *
 * @example await runValidate('examples/payloads/edit.json', { kind: 'edit' })
 */
export async function runValidate(file: string, options: ValidateOptions = {}): Promise<Issue[]> {
  const stderr = options.stderr ?? process.stderr;
  const stdout = options.stdout ?? process.stdout;
  const report = (kind: RequestKind | null, valid: boolean, issues: readonly Issue[]): void => {
    if (options.json === true) stdout.write(`${JSON.stringify({ file, kind, valid, issues }, null, 2)}\n`);
  };
  const text = await readTextFile(file);
  let input: unknown;
  try {
    input = parseJsonText(text, { source: file });
  } catch (error) {
    if (isValidationError(error)) report(options.kind ?? null, false, error.issues);
    throw error;
  }
  const kind = options.kind ?? inferRequestKind(input);
  if (kind === undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) {
    // No kind fits, but no kind needs to be chosen to know it is invalid: every request body is an object.
    const problem = issue({
      code: 'invalid_type',
      path: [],
      message: `a request body must be a JSON object, received ${describeValue(input)}`,
    });
    report(null, false, [problem]);
    throw new ValidationError([problem], { subject: file });
  }
  if (kind === undefined) {
    throw new UsageError(
      `Cannot tell which request ${file} holds from its fields; pass --kind ${REQUEST_KINDS.join('|')}`,
    );
  }
  const looksLike = inferRequestKind(input);
  const inferred =
    options.kind === undefined
      ? ' (kind inferred from its fields; pass --kind to choose)'
      : looksLike !== undefined && looksLike !== kind
        ? ` (its fields look like ${withArticle(REQUEST_KIND_NAMES[looksLike])}: try --kind ${looksLike})`
        : '';
  const result = checkRequest(kind, input);
  const issues = result.ok ? result.warnings : result.issues;
  report(kind, result.ok, issues);
  if (!result.ok)
    throw new ValidationError(result.issues, {
      subject: `${file} as ${withArticle(REQUEST_KIND_NAMES[kind])}${inferred}`,
    });
  if (issues.length > 0) stderr.write(`${formatIssues(issues)}\n`);
  const count = issues.length === 0 ? '' : ` with ${issues.length} warning${issues.length === 1 ? '' : 's'}`;
  stderr.write(`✔ ${file} is a valid ${REQUEST_KIND_NAMES[kind]}${count}${inferred}\n`);
  return issues;
}

/** `an edit request`, `a modify request`. */
function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}
