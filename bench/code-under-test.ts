/**
 * Which vsynth the benches run. With `VSYNTH_BENCH_CODE=built` (run-all sets it when
 * {@link builtIsCurrent}): the packages' `dist/`, as an installed vsynth runs; otherwise the
 * sources through tsx, whose loader costs ~0.4 s more at each process start-up.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const RUNS_BUILT = process.env.VSYNTH_BENCH_CODE === 'built';

/** Node's arguments that run a TypeScript file (a bench, a bench server) against that vsynth. */
export const TS_NODE_ARGS: readonly string[] = RUNS_BUILT ? ['--import', 'tsx'] : ['--conditions=@vsynth/source', '--import', 'tsx'];

/** Node's arguments that run the `vsynth` CLI; the command follows. */
export const CLI_ARGS: readonly string[] = RUNS_BUILT ? ['packages/cli/bin/vsynth.js'] : [...TS_NODE_ARGS, 'packages/cli/src/index.ts'];

/**
 * Whether every package under `packagesDir` has a `dist/` written after the last change to its
 * `src/` and `package.json` (modification times), so the built code is the code of the sources.
 *
 * @example builtIsCurrent('packages') // false after an edit until `npx pnpm@10 build`
 */
export function builtIsCurrent(packagesDir: string): boolean {
  for (const name of readdirSync(packagesDir)) {
    const dir = join(packagesDir, name);
    const built = modificationTimes(join(dir, 'dist'));
    if (built.oldest === undefined) return false;
    const sources = modificationTimes(join(dir, 'src'));
    const manifest = statSync(join(dir, 'package.json')).mtimeMs;
    if (Math.max(sources.newest ?? 0, manifest) > built.oldest) return false;
  }
  return true;
}

function modificationTimes(dir: string): { oldest?: number; newest?: number } {
  let oldest: number | undefined;
  let newest: number | undefined;
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return {};
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const time = statSync(join(entry.parentPath, entry.name)).mtimeMs;
    oldest = Math.min(oldest ?? time, time);
    newest = Math.max(newest ?? time, time);
  }
  return { ...(oldest === undefined ? {} : { oldest }), ...(newest === undefined ? {} : { newest }) };
}
