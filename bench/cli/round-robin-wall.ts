import { spawnSync } from 'node:child_process';
import { median } from '../figure.js';

/**
 * Runs each case (Node's arguments) as a fresh process, one after the other, `runs` + 1 times round-robin so
 * all share the machine's load, and resolves with each case's median wall ms. The first round warms the file
 * cache and is not counted; a case that exits non-zero throws with its stderr.
 *
 * @example const ms = wallMedians({ node: ['-e', '0'], help: ['packages/cli/bin/vsynth.js', '--help'] }, 10, root)
 */
export function wallMedians<K extends string>(
  cases: Record<K, readonly string[]>,
  runs: number,
  cwd: string,
): Record<K, number> {
  const names = Object.keys(cases) as K[];
  const times = new Map<K, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round <= runs; round++) {
    for (const name of names) {
      const started = performance.now();
      const result = spawnSync(process.execPath, cases[name], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, NODE_OPTIONS: '' },
      });
      const elapsed = performance.now() - started;
      if (result.status !== 0) throw new Error(`${name} exited with ${result.status}: ${result.stderr.toString()}`);
      if (round > 0) times.get(name)?.push(elapsed);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(times.get(name) ?? [])])) as Record<K, number>;
}
