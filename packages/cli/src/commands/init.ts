/**
 * `vsynth init [dir] [--template basic|batch|library]`: writes a project that uses the published
 * packages, as `npm create vsynth` does (both run create-vsynth's `scaffold`). Never overwrites a file.
 */
import { Option, type Command } from 'commander';
import { UsageError } from '@vsynth/core';
import { createdMessage, ScaffoldConflictError, scaffold, TEMPLATE_NAMES, type TemplateName } from 'create-vsynth';

export interface InitOptions {
  readonly template?: TemplateName;
  readonly stdout?: { write(text: string): unknown };
}

/**
 * Registers `vsynth init`. Exit 0 with the files written; 2 when a file would be overwritten
 * (nothing is written) or for a bad option.
 *
 * @example registerInit(program) // vsynth init my-video --template batch
 */
export function registerInit(program: Command): void {
  program
    .command('init')
    .description(
      'Start a project of your own: package.json, tsconfig, video.tsx, avatars.ts (a batch or a build script with --template)',
    )
    .argument('[dir]', 'folder of the new project (created if missing)', '.')
    .addOption(
      new Option(
        '--template <name>',
        'basic: one video; batch: one video per CSV row; library: a build script using the API',
      )
        .choices(TEMPLATE_NAMES)
        .default('basic'),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  npx vsynth init my-video\n  npx vsynth init my-batch --template batch\n  npx vsynth init . --template library',
    )
    .action(async (dir: string, options: InitOptions) => {
      await runInit(dir, options);
    });
}

/**
 * Writes the project into `dir`; returns the files written, relative to it. Throws `UsageError`
 * naming every file that already exists, before writing anything.
 *
 * @example await runInit('my-video', { template: 'library' }) // ['package.json', 'video.tsx', …]
 */
export async function runInit(dir: string, options: InitOptions = {}): Promise<string[]> {
  const stdout = options.stdout ?? process.stdout;
  try {
    const scaffolded = await scaffold(dir, { template: options.template ?? 'basic' });
    stdout.write(createdMessage(dir, scaffolded));
    return [...scaffolded.files];
  } catch (error) {
    if (error instanceof ScaffoldConflictError) throw new UsageError(`init ${error.message}`);
    throw error;
  }
}
