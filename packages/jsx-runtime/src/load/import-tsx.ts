import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError, ValidationError, issue, omitUndefined, type Issue } from '@vsynth/core';
import type { Message } from 'esbuild';
import { displayPath } from '../compile/display-path.js';
import { throwSite } from '../compile/throw-site.js';
import { bundleTsx } from './bundle-tsx.js';
import { missingModuleMessage } from './missing-module-message.js';
import { runtimeShims } from './runtime-shims.js';

let shims: Promise<Readonly<Record<string, string>>> | undefined;
let loads = 0;

const UNRESOLVED = /^Could not resolve "(.+)"$/;
const MISSING_BASE_CONFIG = /^Cannot find base config file "(.+)"$/;

export interface ImportTsxOptions {
  /** File names in error messages are relative to this directory (default `process.cwd()`). */
  readonly cwd?: string;
}

/**
 * Imports a `.tsx` (or `.ts`) file with the JSX settings vsynth needs whatever the user's configuration, so
 * every element records its `file:line:col`; `paths` come from the nearest `tsconfig.json`. The file and
 * its local imports are bundled afresh on each call (edits are seen), packages load once.
 *
 * @example const element = (await importTsx('promo.tsx')).default;
 */
export async function importTsx(file: string, options: ImportTsxOptions = {}): Promise<Record<string, unknown>> {
  const cwd = options.cwd ?? process.cwd();
  const entry = path.resolve(file);
  if (!existsSync(entry)) throw new UsageError(`Cannot read ${file}: no such file. Give the path of a .tsx file.`);
  shims ??= runtimeShims();
  const runtime = await shims;
  const dir = path.join(os.tmpdir(), 'vsynth-load');
  loads += 1;
  const outfile = path.join(dir, `${path.parse(entry).name}-${process.pid}-${loads}.mjs`);
  let bundle: Awaited<ReturnType<typeof bundleTsx>>;
  try {
    bundle = await bundleTsx(entry, { runtime, outfile });
  } catch (error) {
    throw buildError(error, file, cwd);
  }
  refuseMissingBaseConfig(bundle.warnings, file, cwd);
  // Stacks of the user's code then point at their .tsx lines (the bundle carries an inline source map).
  process.setSourceMapsEnabled(true);
  await mkdir(dir, { recursive: true });
  await writeFile(outfile, bundle.code);
  try {
    return (await import(pathToFileURL(outfile).href)) as Record<string, unknown>;
  } catch (error) {
    throw loadError(file, error, cwd);
  } finally {
    await rm(outfile, { force: true });
  }
}

/** esbuild's errors (syntax, an import that cannot be resolved) as one ValidationError, each at its place. */
function buildError(error: unknown, file: string, cwd: string): Error {
  const messages = (error as { errors?: Message[] } | null)?.errors;
  if (!Array.isArray(messages) || messages.length === 0) return loadError(file, error, cwd);
  const entry = path.resolve(file);
  const root = path.parse(entry).root;
  const issues: Issue[] = firstSyntaxErrorPerFile(messages).map((message) => {
    const at = message.location;
    if (at === null) return issue({ code: 'jsx', message: message.text, path: [] });
    const importer = path.resolve(root, at.file);
    const source = { fileName: displayPath(importer, cwd), lineNumber: at.line, columnNumber: at.column + 1 };
    const unresolved = UNRESOLVED.exec(message.text);
    if (unresolved === null) return issue({ code: 'jsx', message: `syntax error: ${message.text}`, path: [], source });
    const specifier = unresolved[1] ?? '';
    // esbuild places the error at the string's quote; the specifier starts one column on.
    const quoted = at.lineText[at.column] === '"' || at.lineText[at.column] === "'";
    const located = { ...source, columnNumber: source.columnNumber + (quoted ? 1 : 0) };
    const text = missingModuleMessage(specifier, importer, entry, cwd);
    return issue({ code: 'jsx', message: text, path: [], source: located });
  });
  return new ValidationError(issues, { subject: displayPath(file, cwd), cause: error });
}

/** Every unresolved import, but one syntax error per file: what follows the first is mostly its echo. */
function firstSyntaxErrorPerFile(messages: readonly Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((message) => {
    if (UNRESOLVED.test(message.text)) return true;
    const file = message.location?.file ?? '';
    if (seen.has(file)) return false;
    seen.add(file);
    return true;
  });
}

/** A tsconfig whose `extends` cannot be found: esbuild only warns, and the settings would be silently lost. */
function refuseMissingBaseConfig(warnings: readonly Message[], file: string, cwd: string): void {
  for (const warning of warnings) {
    const missing = MISSING_BASE_CONFIG.exec(warning.text);
    if (missing === null || warning.location === null) continue;
    const tsconfig = path.resolve(path.parse(path.resolve(file)).root, warning.location.file);
    const where = displayPath(tsconfig, cwd);
    throw new UsageError(
      `Cannot load ${displayPath(file, cwd)}: ${where} (the tsconfig nearest to it, read for paths and module ` +
        `settings) extends "${missing[1]}", which cannot be found. ` +
        `Install the package it names or fix "extends" in ${where}.`,
    );
  }
}

/** A throw at module level, as a ValidationError naming the file and, when known, the line. */
function loadError(file: string, error: unknown, cwd: string): ValidationError {
  const text = error instanceof Error ? error.message : String(error);
  const first = text.split('\n')[0] ?? text;
  const source = throwSite(error, cwd);
  const found = issue({
    code: 'jsx',
    message: `loading the module failed: ${first}`,
    path: [],
    ...omitUndefined({ source }),
  });
  return new ValidationError([found], { subject: displayPath(file, cwd), cause: error });
}
