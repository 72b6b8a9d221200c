/**
 * `vsynth init [dir] [--template basic|batch|library]`: writes a project that uses the published
 * packages — package.json, tsconfig.json with the JSX settings, video.tsx, avatars.ts, a README
 * with the next commands, and per template a row template and CSV (batch) or a build script
 * (library). Its `npm test` type-checks and compiles. Never overwrites a file.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Option, type Command } from 'commander';
import { UsageError } from '@vsynth/core';

export const INIT_TEMPLATES = ['basic', 'batch', 'library'] as const;
export type InitTemplate = (typeof INIT_TEMPLATES)[number];

export interface InitOptions {
  readonly template?: InitTemplate;
  readonly stdout?: { write(text: string): unknown };
}

/** The shipped project files (packages/cli/templates), by template; `common/` goes in every one. */
const TEMPLATE_FILES: Record<InitTemplate, readonly string[]> = {
  basic: ['common/video.tsx', 'common/avatars.ts', 'common/tsconfig.json', 'basic/README.md'],
  batch: [
    'common/video.tsx',
    'common/avatars.ts',
    'common/tsconfig.json',
    'batch/README.md',
    'batch/welcome.tsx',
    'batch/people.csv',
  ],
  library: [
    'common/video.tsx',
    'common/avatars.ts',
    'common/tsconfig.json',
    'library/README.md',
    'library/build.mjs',
    'library/modify.json',
    'library/people.csv',
  ],
};

const TEST_SCRIPTS: Record<InitTemplate, string> = {
  basic: 'tsc --noEmit && vsynth compile video.tsx',
  batch: 'tsc --noEmit && vsynth compile video.tsx && vsynth batch --template welcome.tsx --data people.csv --dry-run',
  library: 'tsc --noEmit && node build.mjs',
};

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
        .choices(INIT_TEMPLATES)
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
  const template = options.template ?? 'basic';
  const stdout = options.stdout ?? process.stdout;
  const root = path.resolve(dir);
  const files = await projectFiles(template, packageName(root));
  const existing = Object.keys(files).filter((name) => existsSync(path.join(root, name)));
  if (existing.length > 0) {
    throw new UsageError(
      `init would overwrite ${existing.join(', ')} in ${dir}; nothing was written. Choose a new folder, or move these files away.`,
    );
  }
  await mkdir(root, { recursive: true });
  // 'wx': a file that appeared since the check above is still not overwritten.
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text, { flag: 'wx' });
  const relative = path.relative(process.cwd(), root);
  const cd = relative === '' ? '' : `cd ${/^[\w./-]+$/.test(relative) ? relative : JSON.stringify(relative)} && `;
  stdout.write(
    `Created a ${template} vsynth project in ${dir}: ${Object.keys(files).join(', ')}\nNext: ${cd}npm install && npm test   (README.md lists the next commands)\n`,
  );
  return Object.keys(files);
}

async function projectFiles(template: InitTemplate, name: string): Promise<Record<string, string>> {
  const shipped = fileURLToPath(new URL('../../templates/', import.meta.url));
  const files: Record<string, string> = { 'package.json': await packageJson(template, name) };
  for (const file of TEMPLATE_FILES[template])
    files[path.basename(file)] = await readFile(path.join(shipped, file), 'utf8');
  return files;
}

/** The project's package.json: the published packages at this CLI's version range. */
async function packageJson(template: InitTemplate, name: string): Promise<string> {
  const cli = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as {
    version: string;
  };
  const range = `^${cli.version}`;
  const packages = template === 'library' ? ['cli', 'core', 'jsx-runtime', 'templates'] : ['cli', 'jsx-runtime'];
  const manifest = {
    name,
    version: '0.0.0',
    private: true,
    type: 'module',
    scripts: {
      ...(template === 'library' && { build: 'node build.mjs' }),
      compile: 'vsynth compile video.tsx',
      typecheck: 'tsc --noEmit',
      test: TEST_SCRIPTS[template],
    },
    dependencies: Object.fromEntries(packages.map((item) => [`@vsynth/${item}`, range])),
    devDependencies: { typescript: '^5.9.3' },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

/** An npm package name from the folder's name (lower case, URL-safe), e.g. "My Video" → "my-video". */
function packageName(root: string): string {
  const name = path
    .basename(root)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-._]+|-+$/g, '');
  return name === '' ? 'my-video' : name.slice(0, 214);
}
