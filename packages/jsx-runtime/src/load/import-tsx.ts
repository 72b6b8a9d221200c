import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, ValidationError, issue, isVsynthError } from '@vsynth/core';
import { displayPath } from '../compile/display-path.js';
import { throwSite } from '../compile/throw-site.js';

let tsconfigPath: Promise<string> | undefined;

/**
 * Imports a `.tsx` (or `.ts`) file with the JSX settings vsynth needs, whatever the user's own
 * configuration: automatic runtime from `@vsynth/jsx-runtime` in development form (so every
 * element records its `file:line:col`). `@vsynth/jsx-runtime` resolves to this installation,
 * also for files outside any project (e.g. in /tmp).
 *
 * @example
 * const mod = await importTsx('examples/promo.tsx');
 * const element = mod.default;
 */
export async function importTsx(file: string): Promise<Record<string, unknown>> {
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new UsageError(`Cannot read ${file}: no such file. Give the path of a .tsx file.`);
  const { tsImport } = await import('tsx/esm/api');
  // Stacks of the user's code then point at their .tsx lines (tsx emits inline source maps).
  process.setSourceMapsEnabled(true);
  tsconfigPath ??= writeRuntimeTsconfig();
  mapRuntimeForCommonJs();
  try {
    return (await tsImport(pathToFileURL(absolute).href, { parentURL: import.meta.url, tsconfig: await tsconfigPath })) as Record<string, unknown>;
  } catch (error) {
    if (isVsynthError(error)) throw error;
    throw loadError(file, error);
  }
}

/**
 * A syntax error or a throw at module level, as a ValidationError naming the file and, when the
 * stack shows it, the line (no stack).
 */
function loadError(file: string, error: unknown): ValidationError {
  const text = error instanceof Error ? error.message : String(error);
  // esbuild: "Transform failed with 1 error:\n/abs/file.tsx:3:7: ERROR: Expected ..."
  const where = /([^\s:]+\.[cm]?[jt]sx?):(\d+):(\d+): ERROR: (.*)/.exec(text);
  const fileName = displayPath(file);
  if (where) {
    const [, errorFile = file, line, column, reason] = where;
    const source = { fileName: displayPath(errorFile), lineNumber: Number(line), columnNumber: Number(column) + 1 };
    return new ValidationError([issue({ code: 'jsx', message: `syntax error: ${reason ?? ''}`, path: [], source })], { subject: fileName, cause: error });
  }
  const first = text.split('\n')[0] ?? text;
  const site = throwSite(error);
  return new ValidationError([issue({ code: 'jsx', message: `loading the module failed: ${first}`, path: [], ...(site && { source: site }) })], {
    subject: fileName,
    cause: error,
  });
}

let mapped = false;

/**
 * A `.tsx` outside any `"type": "module"` package loads as CommonJS, and tsx's CommonJS side
 * ignores the tsconfig passed to `tsImport`; so resolve our three specifiers there too (the
 * technique of tsconfig-paths), only when Node's own resolution fails.
 */
function mapRuntimeForCommonJs(): void {
  if (mapped) return;
  mapped = true;
  const targets = runtimeEntries();
  const cjs = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = cjs._resolveFilename;
  cjs._resolveFilename = function resolveFilename(this: unknown, request: string, ...rest: unknown[]): string {
    try {
      return original.call(this, request, ...rest);
    } catch (error) {
      const target = targets[request];
      if (target === undefined) throw error;
      return target;
    }
  };
}

/** Absolute files of this package's entries: `.ts` from source, `.js` once built. */
function runtimeEntries(): Record<string, string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  const at = (name: string): string => path.join(here, '..', `${name}${ext}`);
  return {
    '@vsynth/jsx-runtime': at('index'),
    '@vsynth/jsx-runtime/jsx-runtime': at('jsx-runtime'),
    '@vsynth/jsx-runtime/jsx-dev-runtime': at('jsx-dev-runtime'),
  };
}

/** A tsconfig in the temp directory that maps `@vsynth/jsx-runtime` to this very package. */
async function writeRuntimeTsconfig(): Promise<string> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = path.join(os.tmpdir(), `vsynth-tsx-${createHash('sha256').update(here).digest('hex').slice(0, 12)}`);
  // tsx joins `paths` onto the tsconfig's directory, so they must be relative to it.
  const relative = (file: string): string[] => [path.relative(dir, file).split(path.sep).join('/')];
  const entries = runtimeEntries();
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      jsx: 'react-jsxdev',
      jsxImportSource: '@vsynth/jsx-runtime',
      paths: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, relative(file)])),
    },
    // tsx applies a tsconfig only to the files it includes: include every file on this disk.
    include: [`${path.parse(here).root.split(path.sep).join('/')}**/*`],
  };
  const text = `${JSON.stringify(config, null, 2)}\n`;
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'tsconfig.json');
  // Several processes may start at once: a reader must never see a half-written file.
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
  return file;
}
