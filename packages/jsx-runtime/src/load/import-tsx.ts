import { existsSync } from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, ValidationError, issue, isVsynthError, omitUndefined } from '@vsynth/core';
import { displayPath } from '../compile/display-path.js';
import { throwSite } from '../compile/throw-site.js';
import { jsxTsconfig, nearestTsconfig } from './jsx-tsconfig.js';
import { missingModuleError } from './missing-module-error.js';
import { runtimeShims, type RuntimeShims } from './runtime-shims.js';

let shims: Promise<RuntimeShims> | undefined;

/** Derived tsconfig per user tsconfig (key `''` outside any project). */
const tsconfigs = new Map<string, Promise<string>>();

export interface ImportTsxOptions {
  /** File names in error messages are relative to this directory (default `process.cwd()`). */
  readonly cwd?: string;
}

/**
 * Imports a `.tsx` (or `.ts`) file with the JSX settings vsynth needs whatever the user's configuration, so
 * every element records its `file:line:col`; everything else comes from the nearest `tsconfig.json`. Each
 * call loads the file and its local imports afresh, so edits are seen.
 *
 * @example const element = (await importTsx('promo.tsx')).default;
 */
export async function importTsx(file: string, options: ImportTsxOptions = {}): Promise<Record<string, unknown>> {
  const cwd = options.cwd ?? process.cwd();
  const absolute = path.resolve(file);
  if (!existsSync(absolute)) throw new UsageError(`Cannot read ${file}: no such file. Give the path of a .tsx file.`);
  const { tsImport } = await import('tsx/esm/api');
  // Stacks of the user's code then point at their .tsx lines (tsx emits inline source maps).
  process.setSourceMapsEnabled(true);
  const userTsconfig = nearestTsconfig(path.dirname(absolute));
  const key = userTsconfig ?? '';
  let tsconfig = tsconfigs.get(key);
  if (tsconfig === undefined) {
    tsconfig = jsxTsconfig(userTsconfig, path.dirname(fileURLToPath(import.meta.url)));
    tsconfigs.set(key, tsconfig);
  }
  shims ??= runtimeShims();
  const { commonJs, modules } = await shims;
  mapRuntimeForCommonJs(commonJs);
  mapRuntimeForModules(modules);
  const tsconfigPath = await tsconfig;
  const cached = new Set(Object.keys(requireCache()));
  try {
    return (await importWithTsconfig(tsImport, pathToFileURL(absolute).href, tsconfigPath)) as Record<string, unknown>;
  } catch (error) {
    if (isVsynthError(error)) throw error;
    const message = error instanceof Error ? error.message : '';
    const extendsMissing = userTsconfig === undefined ? null : /^File '(.+)' not found\.$/.exec(message);
    if (extendsMissing) {
      const where = displayPath(userTsconfig ?? '', cwd);
      throw new UsageError(
        `Cannot load ${displayPath(file, cwd)}: ${where} (the tsconfig nearest to it, read for paths and module ` +
          `settings) extends "${extendsMissing[1]}", which cannot be found. ` +
          `Install the package it names or fix "extends" in ${where}.`,
        { cause: error },
      );
    }
    throw missingModuleError(error, file, cwd) ?? loadError(file, error, cwd);
  } finally {
    forgetCommonJs(cached);
  }
}

function requireCache(): Record<string, unknown> {
  return (Module as unknown as { _cache: Record<string, unknown> })._cache;
}

/**
 * Drops the CommonJS modules this import loaded (tsx keys them `file?namespace=…`): Node's relative
 * `require` cache would otherwise hand the next import the previous load of an edited file.
 */
function forgetCommonJs(before: ReadonlySet<string>): void {
  const cache = requireCache();
  for (const key of Object.keys(cache)) if (!before.has(key) && key.includes('namespace')) delete cache[key];
}

/**
 * tsx's CommonJS side (a file outside a `"type": "module"` package) takes its tsconfig, for
 * `paths` and JSX alike, from `TSX_TSCONFIG_PATH` when `tsImport` registers it: set it for that
 * synchronous moment only, so concurrent imports and the user's own setting are unaffected.
 */
function importWithTsconfig(
  tsImport: typeof import('tsx/esm/api').tsImport,
  url: string,
  tsconfig: string,
): Promise<unknown> {
  const before = process.env['TSX_TSCONFIG_PATH'];
  process.env['TSX_TSCONFIG_PATH'] = tsconfig;
  try {
    return tsImport(url, { parentURL: import.meta.url, tsconfig });
  } finally {
    if (before === undefined) delete process.env['TSX_TSCONFIG_PATH'];
    else process.env['TSX_TSCONFIG_PATH'] = before;
  }
}

/** A syntax error or a throw at module level, as a ValidationError naming the file and, when known, the line. */
function loadError(file: string, error: unknown, cwd: string): ValidationError {
  const text = error instanceof Error ? error.message : String(error);
  // esbuild: "Transform failed with 1 error:\n/abs/file.tsx:3:7: ERROR: Expected ..."
  const where = /([^\s:]+\.[cm]?[jt]sx?):(\d+):(\d+): ERROR: (.*)/.exec(text);
  const subject = displayPath(file, cwd);
  if (where) {
    const [, errorFile = file, line, column, reason] = where;
    const columnNumber = Number(column) + 1;
    const source = { fileName: displayPath(errorFile, cwd), lineNumber: Number(line), columnNumber };
    const found = issue({ code: 'jsx', message: `syntax error: ${reason ?? ''}`, path: [], source });
    return new ValidationError([found], { subject, cause: error });
  }
  const first = text.split('\n')[0] ?? text;
  const source = throwSite(error, cwd);
  const message = `loading the module failed: ${first}`;
  const found = issue({ code: 'jsx', message, path: [], ...omitUndefined({ source }) });
  return new ValidationError([found], { subject, cause: error });
}

let mappedModules = false;

/**
 * ES modules: a resolve hook that answers our three specifiers with this process's runtime
 * (see runtimeShims), before Node looks for them, so a file outside any project finds them too.
 */
function mapRuntimeForModules(targets: Readonly<Record<string, string>>): void {
  if (mappedModules) return;
  mappedModules = true;
  const hook = [
    'let targets = {};',
    'export function initialize(data) { targets = data; }',
    'export async function resolve(specifier, context, next) {',
    '  const url = Object.hasOwn(targets, specifier) ? targets[specifier] : undefined;',
    '  return url === undefined ? next(specifier, context) : { url, shortCircuit: true };',
    '}',
  ].join('\n');
  Module.register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: targets });
}

let mapped = false;

/**
 * CommonJS (a `.tsx` outside a `"type": "module"` package; tsx's CommonJS side ignores the
 * tsconfig's `paths`): the same three specifiers resolve to this process's runtime.
 */
function mapRuntimeForCommonJs(targets: Readonly<Record<string, string>>): void {
  if (mapped) return;
  mapped = true;
  const cjs = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const original = cjs._resolveFilename;
  cjs._resolveFilename = function resolveFilename(this: unknown, request: string, ...rest: unknown[]): string {
    const target = Object.hasOwn(targets, request) ? targets[request] : undefined;
    return target ?? original.call(this, request, ...rest);
  };
}
