import { W_OK } from 'node:constants';
import { accessSync, existsSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { UsageError } from '@vsynth/core';

/**
 * Throws a UsageError unless `path` can be written: an existing file, or a new one in an existing
 * writable folder. A batch checks its outputs this way before it sends, and opens them only later.
 *
 * @example checkWritable('results.csv', 'results file')
 */
export function checkWritable(path: string, what: string): void {
  const why = unwritable(path);
  if (why !== undefined) throw new UsageError(`Cannot write the ${what} ${path}: ${why}. Choose another path.`);
}

function unwritable(path: string): string | undefined {
  const exists = existsSync(path);
  const target = exists ? path : dirname(resolve(path));
  try {
    if (exists && statSync(path).isDirectory()) return 'it is a folder';
    accessSync(target, W_OK);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? `the folder ${target} does not exist` : `${target} is not writable (${code})`;
  }
}
