import { mkdir, writeFile } from 'node:fs/promises';
import { UsageError } from '@vsynth/core';

const REASONS: Record<string, string> = {
  EEXIST: 'a file of that name is in the way',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
};

function outputError(path: string, error: unknown, what: string): UsageError {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const reason = REASONS[code] ?? (error as Error).message;
  return new UsageError(`Cannot ${what} ${path}: ${reason}. Choose another output path.`, { cause: error });
}

/** Creates a directory (and its parents) for preview output; a failure is a UsageError naming it. */
export async function makeOutputDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw outputError(dir, error, 'create the output directory');
  }
}

/** Writes one output file; a failure is a UsageError naming it. */
export async function writeOutput(path: string, data: string | Uint8Array): Promise<void> {
  try {
    await writeFile(path, data);
  } catch (error) {
    throw outputError(path, error, 'write');
  }
}
