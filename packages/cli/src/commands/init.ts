/**
 * `vsynth init [dir] [--template basic|batch|library]`: writes a project that uses the published
 * packages, as `npm create vsynth` does (both run create-vsynth's `scaffold`). Never overwrites a file.
 */
import { Option, type Command } from 'commander';
import { UsageError } from '@vsynth/core';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  createdMessage,
  ScaffoldConflictError,
  type Scaffolded,
  scaffold,
  TEMPLATE_NAMES,
  type TemplateName,
} from 'create-vsynth';
import {
  checkoutRoot,
  checkoutTarballs,
  localManifest,
  notACheckout,
  packCheckout,
  vendorTarballs,
} from './link-local.js';

export interface InitOptions {
  readonly template?: TemplateName;
  /** Depend on tarballs packed from this checkout (in the project's vendor/) instead of the registry. */
  readonly linkLocal?: boolean;
  readonly stdout?: { write(text: string): unknown };
  readonly stderr?: { write(text: string): unknown };
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
    .option(
      '--link-local',
      'in a clone of the vsynth repository: build and pack its packages into the project (vendor/) and depend on those',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  npx vsynth init my-video\n  npx vsynth init my-batch --template batch\n  npx vsynth init . --template library' +
        '\n  npx --yes pnpm@10 vsynth init ../my-video --link-local   (in a clone, before a release)',
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
  const checkout = options.linkLocal === true ? checkoutRoot() : undefined;
  if (options.linkLocal === true && checkout === undefined) throw notACheckout();
  const tarballs = checkout === undefined ? undefined : await checkoutTarballs(checkout);
  const local = tarballs === undefined ? undefined : localManifest(tarballs);
  let scaffolded: Scaffolded;
  try {
    scaffolded = await scaffold(dir, {
      template: options.template ?? 'basic',
      ...(local && { specFor: local.specFor, manifestExtras: { overrides: local.overrides } }),
    });
  } catch (error) {
    if (error instanceof ScaffoldConflictError) throw new UsageError(`init ${error.message}`);
    throw error;
  }
  if (checkout !== undefined && tarballs !== undefined) {
    // After the files, so a folder that is taken fails at once, not after the build.
    const log = options.stderr ?? process.stderr;
    log.write(`Packing the packages of ${checkout} into ${path.join(dir, 'vendor')} (a minute or two)\n`);
    const packed = await packCheckout(checkout, log);
    try {
      await vendorTarballs(packed, Object.values(tarballs), scaffolded.root);
    } finally {
      await rm(packed, { recursive: true, force: true });
    }
  }
  stdout.write(createdMessage(dir, scaffolded));
  return [...scaffolded.files];
}
