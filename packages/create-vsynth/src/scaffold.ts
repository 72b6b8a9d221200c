/**
 * Writes a vsynth project into a folder: package.json, tsconfig.json with the JSX settings,
 * video.tsx, avatars.ts, a README with the next commands, and per template a row template and CSV
 * (batch) or a build script (library). Its `npm test` type-checks and compiles. Never overwrites a
 * file. Used by `npm create vsynth` and `vsynth init`.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const TEMPLATE_NAMES = ['basic', 'batch', 'library'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export interface ScaffoldOptions {
  readonly template?: TemplateName;
  /** The dependency spec of each `@vsynth/*` package; `^` this package's version when absent. */
  readonly specFor?: (packageName: string) => string;
  /** Extra top-level package.json fields (e.g. npm `overrides`). */
  readonly manifestExtras?: Readonly<Record<string, unknown>>;
  /** The folder a relative `dir` is in; the process's working directory when absent. */
  readonly cwd?: string;
}

/** What `scaffold` wrote. */
export interface Scaffolded {
  readonly root: string;
  readonly template: TemplateName;
  readonly files: readonly string[];
}

/** Thrown before anything is written when the folder already holds one of the project's files. */
export class ScaffoldConflictError extends Error {
  readonly files: readonly string[];
  constructor(dir: string, files: readonly string[]) {
    super(
      `would overwrite ${files.join(', ')} in ${dir}; nothing was written. Choose a new folder, or move these files away.`,
    );
    this.name = 'ScaffoldConflictError';
    this.files = files;
  }
}

/** The shipped project files (templates/), by template; `common/` goes in every one. */
const TEMPLATE_FILES: Record<TemplateName, readonly string[]> = {
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

const TEST_SCRIPTS: Record<TemplateName, string> = {
  basic: 'tsc --noEmit && vsynth compile video.tsx',
  batch: 'tsc --noEmit && vsynth compile video.tsx && vsynth batch --template welcome.tsx --data people.csv --dry-run',
  library: 'tsc --noEmit && node build.mjs',
};

/** The `@vsynth/*` packages each template depends on. */
export const TEMPLATE_PACKAGES: Record<TemplateName, readonly string[]> = {
  basic: ['@vsynth/cli', '@vsynth/jsx-runtime'],
  batch: ['@vsynth/cli', '@vsynth/jsx-runtime', '@vsynth/queue'],
  library: ['@vsynth/cli', '@vsynth/core', '@vsynth/jsx-runtime', '@vsynth/templates'],
};

/**
 * The zod the projects' props schemas (`export const schema = z.object(…)`) are written with: the
 * major version `@vsynth/jsx-runtime` reads (a test keeps it equal to the workspace's catalog).
 */
export const ZOD_RANGE = '^4.1.0';

/** `true` for a name of `TEMPLATE_NAMES`. */
export function isTemplateName(name: string): name is TemplateName {
  return (TEMPLATE_NAMES as readonly string[]).includes(name);
}

/**
 * Writes the project into `dir` (created if missing). Throws `ScaffoldConflictError` naming every
 * file that already exists, before writing anything.
 *
 * @example await scaffold('my-video', { template: 'library' }) // { files: ['package.json', 'video.tsx', …] }
 */
export async function scaffold(dir: string, options: ScaffoldOptions = {}): Promise<Scaffolded> {
  const template = options.template ?? 'basic';
  const root = path.resolve(options.cwd ?? process.cwd(), dir);
  const files = await projectFiles(template, packageName(root), options);
  const existing = Object.keys(files).filter((name) => existsSync(path.join(root, name)));
  if (existing.length > 0) throw new ScaffoldConflictError(dir, existing);
  await mkdir(root, { recursive: true });
  // 'wx': a file that appeared since the check above is still not overwritten.
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(root, name), text, { flag: 'wx' });
  return { root, template, files: Object.keys(files) };
}

/**
 * The lines printed after `scaffold`: what was written and the next command, with a `cd` relative
 * to `cwd`, or absolute for an absolute `dir` (quoted when it needs to be).
 */
export function createdMessage(dir: string, scaffolded: Scaffolded, cwd = process.cwd()): string {
  const relative = path.isAbsolute(dir) ? scaffolded.root : path.relative(cwd, scaffolded.root);
  const cd = relative === '' ? '' : `cd ${/^[\w./-]+$/.test(relative) ? relative : JSON.stringify(relative)} && `;
  return (
    `Created a ${scaffolded.template} vsynth project in ${dir}: ${scaffolded.files.join(', ')}\n` +
    `Next: ${cd}npm install && npm test   (README.md lists the next commands)\n`
  );
}

/** This package's version: the released `@vsynth/*` packages share it. */
export async function ownVersion(): Promise<string> {
  const manifest = JSON.parse(await readFile(fileURLToPath(new URL('../package.json', import.meta.url)), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

async function projectFiles(
  template: TemplateName,
  name: string,
  options: ScaffoldOptions,
): Promise<Record<string, string>> {
  const shipped = fileURLToPath(new URL('../templates/', import.meta.url));
  const files: Record<string, string> = { 'package.json': await packageJson(template, name, options) };
  for (const file of TEMPLATE_FILES[template])
    files[path.basename(file)] = await readFile(path.join(shipped, file), 'utf8');
  return files;
}

/** The project's package.json: the released packages at this version's `^` range. */
async function packageJson(template: TemplateName, name: string, options: ScaffoldOptions): Promise<string> {
  const range = `^${await ownVersion()}`;
  const specFor = options.specFor ?? (() => range);
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
    dependencies: {
      ...Object.fromEntries(TEMPLATE_PACKAGES[template].map((item) => [item, specFor(item)])),
      zod: ZOD_RANGE,
    },
    devDependencies: {
      '@types/node': '^20.19.0',
      ...(template === 'library' && { tsx: '^4.20.0' }),
      typescript: '^5.9.3',
    },
    ...options.manifestExtras,
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
