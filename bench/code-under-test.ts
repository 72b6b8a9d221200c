/**
 * Which vsynth the benches run. With `VSYNTH_BENCH_CODE=built` (run-all sets it when
 * {@link builtIsCurrent}): the packages' `dist/`, as an installed vsynth runs; otherwise the
 * sources through tsx, whose loader costs ~0.4 s more at each process start-up.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const RUNS_BUILT = process.env.VSYNTH_BENCH_CODE === 'built';

/** Node's arguments that run a TypeScript file (a bench, a server) against the built packages or the sources. */
export function tsNodeArgs(built: boolean): string[] {
  return built ? ['--import', 'tsx'] : ['--conditions=@vsynth/source', '--import', 'tsx'];
}

/** Node's arguments that run the `vsynth` CLI, built or from the sources; the command follows. */
export function cliArgs(built: boolean): string[] {
  return built ? ['packages/cli/bin/vsynth.js'] : [...tsNodeArgs(false), 'packages/cli/src/index.ts'];
}

export const TS_NODE_ARGS: readonly string[] = tsNodeArgs(RUNS_BUILT);
export const CLI_ARGS: readonly string[] = cliArgs(RUNS_BUILT);

/**
 * Whether every package under `packagesDir` has a `dist/` written after the last change to its
 * `src/` and `package.json` (modification times), so the built code is the code of the sources.
 *
 * @example builtIsCurrent('packages') // false after an edit until `npx pnpm@10 build`
 */
export function builtIsCurrent(packagesDir: string): boolean {
  return readdirSync(packagesDir).every((name) => {
    const dir = join(packagesDir, name);
    const built = modificationTimes(join(dir, 'dist'));
    const sources = modificationTimes(join(dir, 'src'));
    const sourcesChanged = Math.max(sources.newest, statSync(join(dir, 'package.json')).mtimeMs);
    return built.oldest !== Infinity && sourcesChanged < built.oldest;
  });
}

/** The oldest and newest modification time of the files below `dir` (Infinity, -Infinity when it has none). */
function modificationTimes(dir: string): { oldest: number; newest: number } {
  let oldest = Infinity;
  let newest = -Infinity;
  if (!existsSync(dir)) return { oldest, newest };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const time = statSync(join(entry.parentPath, entry.name)).mtimeMs;
    oldest = Math.min(oldest, time);
    newest = Math.max(newest, time);
  }
  return { oldest, newest };
}
