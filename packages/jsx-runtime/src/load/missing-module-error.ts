import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ValidationError, issue, type SourceLocation } from '@vsynth/core';
import { displayPath } from '../compile/display-path.js';

// ES modules: "Cannot find module '/abs/avatarz.js' imported from /abs/video.tsx" (or "package 'x'").
const ESM = /^Cannot find (module|package) '(.+?)' imported from (.+)$/m;
// CommonJS: "Cannot find module './avatarz.js'\nRequire stack:\n- /abs/video.tsx?namespace=…".
const CJS = /^Cannot find module '(.+?)'\r?\nRequire stack:\r?\n- (.+)$/m;
// A name npm accepts: lower case, optionally scoped (`@/x` and `~/x` are aliases, never packages).
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;
// A module specifier in an import, export … from, import(), or require().
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"\n]+)\1/g;

/**
 * A module that cannot be found, as a ValidationError located at the import that names it in the user's
 * file (`video.tsx:2:21`), saying what to do; `undefined` for any other error.
 */
export function missingModuleError(
  error: unknown,
  file: string,
  cwd: string = process.cwd(),
): ValidationError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (!(error instanceof Error) || (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND')) return undefined;
  const found = parse(error.message);
  if (found === undefined) return undefined;
  const { importer, missing, isPackage } = found;
  const written = findImport(importer, missing, isPackage, cwd);
  const specifier = written?.specifier ?? missing;
  const message = whatToDo(specifier, importer, file, cwd);
  const source: SourceLocation = written?.source ?? {
    fileName: displayPath(importer, cwd),
    lineNumber: 1,
    columnNumber: 1,
  };
  return new ValidationError([issue({ code: 'jsx', message, path: [], source })], {
    subject: displayPath(file, cwd),
    cause: error,
  });
}

function whatToDo(specifier: string, importer: string, file: string, cwd: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const looked = displayPath(resolvedPath(importer, specifier), cwd);
    return (
      `cannot find module "${specifier}" (no file ${looked}): check the path; ` +
      'a .ts or .tsx file is imported by its name with .js (./avatars.js for avatars.ts)'
    );
  }
  const paths = `check "paths" in the tsconfig.json nearest to ${displayPath(file, cwd)}`;
  const name = packageName(specifier);
  if (!NPM_NAME.test(name)) {
    return `cannot find "${specifier}": no package can have that name; if it is a tsconfig "paths" alias, ${paths}`;
  }
  return (
    `cannot find package "${specifier}": install it (npm install ${name}), ` +
    `or, if it is a tsconfig "paths" alias, ${paths}`
  );
}

function parse(message: string): { importer: string; missing: string; isPackage: boolean } | undefined {
  const esm = ESM.exec(message);
  if (esm !== null) {
    return { importer: withoutQuery(esm[3] ?? ''), missing: esm[2] ?? '', isPackage: esm[1] === 'package' };
  }
  const cjs = CJS.exec(message);
  if (cjs !== null) return { importer: withoutQuery(cjs[2] ?? ''), missing: cjs[1] ?? '', isPackage: false };
  return undefined;
}

/** The importer as a path: tsx adds `?namespace=…`, ES module errors may give a URL. */
function withoutQuery(importer: string): string {
  const trimmed = importer.trim();
  if (trimmed.startsWith('file://')) return fileURLToPath(trimmed.replace(/[?#].*$/, ''));
  return trimmed.replace(/\?[^/\\]*$/, '');
}

/** The import in `importer` whose specifier is `missing` as written or resolved (ES modules give the resolved path). */
function findImport(
  importer: string,
  missing: string,
  isPackage: boolean,
  cwd: string,
): { specifier: string; source: SourceLocation } | undefined {
  let text: string;
  try {
    text = readFileSync(importer, 'utf8');
  } catch {
    return undefined;
  }
  const candidates: { specifier: string; index: number }[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[2] ?? '';
    candidates.push({ specifier, index: (match.index ?? 0) + match[0].length - specifier.length - 1 });
  }
  const same = (s: string): boolean =>
    s === missing ||
    (isPackage && s.startsWith(`${missing}/`)) ||
    (s.startsWith('.') && resolvedPath(importer, s) === missing);
  const hit =
    candidates.find((c) => same(c.specifier)) ??
    candidates.find((c) => path.basename(c.specifier) === path.basename(missing));
  if (hit === undefined) return undefined;
  const before = text.slice(0, hit.index).split(/\r?\n/);
  const lineNumber = before.length;
  const columnNumber = (before[before.length - 1]?.length ?? 0) + 1;
  return { specifier: hit.specifier, source: { fileName: displayPath(importer, cwd), lineNumber, columnNumber } };
}

function resolvedPath(importer: string, specifier: string): string {
  return path.resolve(path.dirname(importer), specifier);
}

/** `@scope/name` or `name` of a bare specifier with a subpath. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
