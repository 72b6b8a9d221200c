/**
 * Builds the packages when a source is newer than its `dist/` (the tests spawn the built CLI, as a user
 * runs it), and makes the run's own `XDG_CACHE_HOME` (named in vitest.config.ts), removed once the run
 * is over.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { builtIsCurrent } from '../bench/code-under-test.js';
import { buildPackages, withBuildLock } from './packed-project.js';
import { REPO_ROOT } from './run-vsynth.js';

export default async function setup(): Promise<() => void> {
  await withBuildLock(async () => {
    if (!builtIsCurrent(path.join(REPO_ROOT, 'packages'))) await buildPackages();
  });
  const dir = process.env['VSYNTH_TEST_CACHE_HOME'];
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  return () => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
}
