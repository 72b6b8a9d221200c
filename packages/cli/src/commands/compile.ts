/**
 * `vsynth compile <file.tsx>`: compiles the file's default export (a `<Video>` element, or a
 * component called with `--props`) to a v3 or legacy payload and prints it as JSON on stdout.
 * The JSX settings are supplied here; the user configures nothing.
 */
import { Option, type Command } from 'commander';
import { UsageError, formatIssues, omitUndefined } from '@vsynth/core';
import { addAssetFlags, type AssetFlags } from '../asset-flags.js';
import { readPropsWithOrigin } from '../read-props-option.js';
import { compileChecked, NO_CHECKS_HELP } from '../checked-compile.js';
import { refuseWarnings, STRICT_HELP } from '../strict-warnings.js';
// The TSX compiler loads only when the command runs.
import type { CompileFileOptions, CompileResult } from '@vsynth/jsx-runtime';

export interface CompileCommandOptions extends AssetFlags {
  readonly target?: 'v3' | 'legacy';
  readonly variant?: 'A' | 'B';
  readonly orientation?: 'landscape' | 'portrait';
  /** Path of a JSON file holding the props for a component export. */
  readonly props?: string;
  readonly lossy?: boolean;
  /** Print `{payload, slots, warnings}` instead of the payload alone. */
  readonly report?: boolean;
  /** Warnings are errors: exit 3, nothing printed on stdout. */
  readonly strict?: boolean;
  /** `--no-checks`: false skips the layout, speech and text-measuring checks. */
  readonly checks?: boolean;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
}

/**
 * Registers `vsynth compile`. Exit 0 with the payload on stdout (warnings on stderr), 3 with
 * every problem and its `file:line:col <Element>` when the video does not compile, 2 for a
 * missing file or bad option.
 *
 * @example registerCompile(program) // vsynth compile examples/promo.tsx --variant B --report
 */
export function registerCompile(program: Command): void {
  const command = program
    .command('compile')
    .description('Compile a TSX video (default export) to a v3 or legacy payload; print it as JSON')
    .argument('<file>', '.tsx file whose default export is a <Video> element or a component')
    .addOption(new Option('--target <target>', 'payload to produce').choices(['v3', 'legacy']).default('v3'))
    .addOption(
      new Option('--variant <variant>', 'v3: A = speech in scenes[].scripts, B = in the avatar clip').choices([
        'A',
        'B',
      ]),
    )
    .addOption(
      new Option('--orientation <orientation>', 'canvas, overrides <Video orientation>').choices([
        'landscape',
        'portrait',
      ]),
    )
    .option('--props <json|file>', 'props for a component default export: inline JSON or a JSON file')
    .option('--lossy', 'legacy: drop what legacy cannot express, with a warning each')
    .option('--report', 'print {payload, slots, warnings} instead of the payload')
    .option('--strict', STRICT_HELP)
    .option('--no-checks', NO_CHECKS_HELP);
  addAssetFlags(command)
    .addHelpText(
      'after',
      '\nExamples:\n  vsynth compile examples/hello.tsx\n  vsynth compile examples/promo.tsx --variant B --report\n  vsynth compile examples/legacy.tsx --target legacy\n  vsynth compile examples/library-demo.tsx --props examples/library-demo.props.json',
    )
    .action(async (file: string, options: CompileCommandOptions) => {
      await runCompile(file, options);
    });
}

/**
 * Compiles one file and writes the JSON. Throws `ValidationError` (every issue located) or
 * `UsageError`.
 *
 * @example await runCompile('examples/hello.tsx', { report: true })
 */
export async function runCompile(file: string, options: CompileCommandOptions = {}): Promise<CompileResult> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  if (!/\.[cm]?tsx?$/.test(file))
    throw new UsageError(`${file} is not a .tsx file; give the TSX file whose default export is the video.`);
  const props = options.props === undefined ? undefined : await readPropsWithOrigin(options.props);
  const compileOptions: CompileFileOptions = {
    target: options.target ?? 'v3',
    ...omitUndefined({
      variant: options.variant,
      orientation: options.orientation,
      props: props?.props,
      // Schema problems are then located at their key in the props file (or the inline JSON).
      propsOrigin: props?.origin,
      assetBaseUrl: options.assetBaseUrl,
      assetRoot: options.assetRoot,
    }),
    ...(options.lossy === true && { lossy: true }),
    checks: options.checks !== false,
  };
  const result = await compileChecked(file, compileOptions);
  refuseWarnings(result.warnings, file, options.strict);
  if (result.warnings.length > 0) stderr.write(`${formatIssues(result.warnings)}\n`);
  stdout.write(`${JSON.stringify(options.report === true ? result : result.payload, null, 2)}\n`);
  return result;
}
