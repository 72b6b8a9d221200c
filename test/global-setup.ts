/**
 * Makes the run's own `XDG_CACHE_HOME` (named in vitest.config.ts) and removes it once the run is over.
 */
import { mkdirSync, rmSync } from 'node:fs';

export default function setup(): () => void {
  const dir = process.env['VSYNTH_TEST_CACHE_HOME'];
  if (dir !== undefined) mkdirSync(dir, { recursive: true });
  return () => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
}
