/**
 * `vsynth diff <a> <b> [--json] [--props file] [--target v3|legacy]`: compares two videos — each
 * a .tsx file or a payload JSON (v3 create, legacy, or a stored project record) — by what
 * changes on screen and in the speech, with the estimated duration and cubes before and after.
 */
import { Option, type Command } from 'commander';
import { legacyProjectToV3, omitUndefined, parseJsonText, type VideoDiff } from '@vsynth/core';
import { readPropsOption } from '../read-props-option.js';
import { readTextFile } from '../read-text-file.js';

export interface DiffCommandOptions {
  readonly json?: boolean;
  /** Props (inline JSON or a JSON file) for a .tsx side whose default export is a component. */
  readonly props?: string;
  /** How a .tsx side is compiled: `v3` (default) or `legacy` (then converted to v3 to compare). */
  readonly target?: 'v3' | 'legacy';
  readonly stdout?: { write(text: string): unknown };
}

const TSX = /\.(tsx|ts|jsx|js|mts|mjs)$/i;

/**
 * Registers `vsynth diff`. Exit 0 when the videos are equal (nothing printed), 1 when they
 * differ (the changes on stdout), 3 when a side is not a valid video, 2 for usage errors.
 *
 * @example registerDiff(program) // vsynth diff examples/payloads/create-variant-a.json video.tsx
 */
export function registerDiff(program: Command): void {
  program
    .command('diff')
    .description(
      'Compare two videos (TSX or payload JSON, v3 or legacy) by what changes on screen; exit 1 when they differ',
    )
    .argument('<a>', 'before: a .tsx file or a payload JSON file')
    .argument('<b>', 'after: a .tsx file or a payload JSON file')
    .option('--json', 'print the diff as JSON, also when equal')
    .option('--props <json|file>', 'props for a .tsx side that exports a component: inline JSON or a JSON file')
    .addOption(
      new Option('--target <target>', 'how .tsx sides are compiled (legacy is converted to v3 to compare)')
        .choices(['v3', 'legacy'])
        .default('v3'),
    )
    .addHelpText(
      'after',
      '\nExit 0: equal (no output); 1: different; 2: usage; 3: a side is invalid.\n\nExamples:\n' +
        '  vsynth diff examples/payloads/create-variant-a.json video.tsx\n  vsynth diff old.tsx new.tsx --json',
    )
    .action(async (a: string, b: string, options: DiffCommandOptions) => {
      const diff = await runDiff(a, b, options);
      // Like diff(1): 1 means "different", not a failure; index.ts keeps this code.
      if (!diff.equal) process.exitCode = 1;
    });
}

/**
 * Compiles or reads both sides and prints their differences. Throws `ValidationError` for an
 * invalid side and `UsageError` for an unreadable one.
 *
 * @example
 * const diff = await runDiff('examples/payloads/create-variant-a.json', 'examples/payloads/create-variant-b.json', {
 *   json: true,
 * })
 */
export async function runDiff(a: string, b: string, options: DiffCommandOptions = {}): Promise<VideoDiff> {
  const stdout = options.stdout ?? process.stdout;
  const props = options.props === undefined ? undefined : await readPropsOption(options.props);
  const [before, after] = [
    await readSide(a, options.target ?? 'v3', props),
    await readSide(b, options.target ?? 'v3', props),
  ];
  const [{ diffPayloads, formatVideoDiff, sceneSpeech }, { estimateSceneDuration }] = await Promise.all([
    import('@vsynth/core'),
    import('@vsynth/preview'),
  ]);
  const estimateDuration = (payload: Record<string, unknown>): number =>
    Math.round(sceneSpeech(payload, 'v3').reduce((sum, s) => sum + estimateSceneDuration(s.text, s.language), 0) * 10) /
    10;
  const diff = diffPayloads(before, after, { estimateDuration });
  if (options.json === true) stdout.write(`${JSON.stringify(diff, null, 2)}\n`);
  else stdout.write(formatVideoDiff(diff));
  return diff;
}

async function readSide(
  file: string,
  target: 'v3' | 'legacy',
  props: Record<string, unknown> | undefined,
): Promise<Record<string, unknown>> {
  if (TSX.test(file)) {
    const { compileFile } = await import('@vsynth/jsx-runtime');
    const compiled = await compileFile(file, { target, ...omitUndefined({ props }) });
    return target === 'legacy'
      ? legacyProjectToV3(compiled.payload as never).payload
      : (compiled.payload as Record<string, unknown>);
  }
  const input = parseJsonText(await readTextFile(file, { what: 'payload' }), { source: file });
  // The same reading as `vsynth import`: a request, or a stored project record (in its envelope).
  const { readProject } = await import('@vsynth/jsx-runtime');
  const read = readProject(input, file);
  return read.target === 'legacy' ? legacyProjectToV3(read.payload as never).payload : read.payload;
}
