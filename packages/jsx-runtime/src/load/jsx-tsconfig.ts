import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Path segments tsx's include globs never match with a wildcard (dot-folders and `node_modules`):
 * each must appear literally in a pattern, so the patterns list every order of them, up to three.
 */
const HIDDEN_SEGMENTS = ['.*', 'node_modules'] as const;
const HIDDEN_DEPTH = 3;

/** The JSX settings vsynth compiles every file with; module resolution stays the user's. */
export const VSYNTH_JSX_OPTIONS = { jsx: 'react-jsxdev', jsxImportSource: '@vsynth/jsx-runtime' } as const;

/** The nearest `tsconfig.json` from `dir` upwards, or `undefined` outside any project. */
export function nearestTsconfig(dir: string): string | undefined {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    const candidate = path.join(at, 'tsconfig.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(at) === at) return undefined;
  }
}

/**
 * Writes a tsconfig in the temp directory that `extends` the user's and overrides only the JSX settings, for
 * every file on the disk: tsx applies a tsconfig only to the files it includes, and its `**` skips
 * dot-folders and `node_modules`, so the include list names them. Returns its path.
 */
export async function jsxTsconfig(userTsconfig: string | undefined, cacheKey: string): Promise<string> {
  const dir = path.join(os.tmpdir(), `vsynth-tsx-${hash(cacheKey)}`);
  const file = path.join(dir, `${hash(userTsconfig ?? '(none)')}.json`);
  const root = path
    .parse(userTsconfig ?? os.tmpdir())
    .root.split(path.sep)
    .join('/');
  const config = {
    ...(userTsconfig !== undefined && { extends: userTsconfig.split(path.sep).join('/') }),
    compilerOptions: {
      ...(userTsconfig === undefined && { target: 'ES2022', module: 'NodeNext', moduleResolution: 'NodeNext' }),
      ...VSYNTH_JSX_OPTIONS,
    },
    include: includePatterns(root),
    exclude: [],
  };
  const text = `${JSON.stringify(config, null, 2)}\n`;
  await mkdir(dir, { recursive: true });
  // Several processes may start at once: a reader must never see a half-written file.
  const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(partial, text);
  await rename(partial, file);
  return file;
}

/** `/**\/*`, `/**\/.*\/**\/*`, `/**\/node_modules\/**\/*`, … and dot-files themselves. */
function includePatterns(root: string): string[] {
  const out: string[] = [];
  let sequences: string[][] = [[]];
  for (let depth = 0; depth <= HIDDEN_DEPTH; depth++) {
    for (const sequence of sequences) {
      const middle = sequence.map((segment) => `**/${segment}/`).join('');
      out.push(`${root}${middle}**/*`, `${root}${middle}**/.*`);
    }
    sequences = sequences.flatMap((sequence) => HIDDEN_SEGMENTS.map((segment) => [...sequence, segment]));
  }
  return out;
}

function hash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 12);
}
