/**
 * The local modules a `.tsx` video imports, found by reading import specifiers rather than asking the
 * loader, so the studio also watches a component that does not compile and rebuilds when it is fixed.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)(['"])(\.{1,2}\/[^'"\n]*)\1/g;
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];

/**
 * Every local file reachable from `entry` through relative imports, `entry` included, absolute.
 *
 * @example await localImports('/work/video.tsx') // ['/work/video.tsx', '/work/avatars.ts']
 */
export async function localImports(entry: string): Promise<string[]> {
  const found = new Set<string>();
  const pending = [path.resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() ?? '';
    if (found.has(file)) continue;
    found.add(file);
    if (file.endsWith('.json')) continue;
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      continue;
    }
    for (const match of text.matchAll(SPECIFIER)) {
      const target = resolveLocal(path.dirname(file), match[2] ?? '');
      if (target !== undefined && !found.has(target)) pending.push(target);
    }
  }
  return [...found];
}

/** `./card.js` → card.ts, card.tsx, card.js…; `./components` → components/index.ts…, as TypeScript resolves. */
function resolveLocal(dir: string, specifier: string): string | undefined {
  const base = path.resolve(dir, specifier);
  const stem = base.replace(/\.[cm]?jsx?$/, '');
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((ext) => `${stem}${ext}`),
    ...SOURCE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  for (const candidate of candidates) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}
