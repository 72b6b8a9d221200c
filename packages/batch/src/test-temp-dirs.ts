import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Makes new folders named `prefix…` under the system's temporary folder, each removed with all it
 * holds once the test file that called this has run. Call it at the top of a test file.
 *
 * @example const dir = tempDirs('vsynth-journal-'); const path = join(dir(), 'j.ndjson');
 */
export function tempDirs(prefix: string): () => string {
  const made: string[] = [];
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    return dir;
  };
}
