/**
 * Removes the run's own `XDG_CACHE_HOME` (made in vitest.config.ts) once the run is over.
 */
import { rmSync } from 'node:fs';

export default function setup(): () => void {
  const dir = process.env['VSYNTH_TEST_CACHE_HOME'];
  return () => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  };
}
