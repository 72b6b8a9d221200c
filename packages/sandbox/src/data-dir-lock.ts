import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { UsageError, isProcessAlive } from '@vsynth/core';

/** Data directories locked by this process, so two sandboxes in one process cannot share one. */
const lockedHere = new Set<string>();

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Creates the data directory when missing and takes `<dir>/sandbox.lock` holding this process id.
 * Two sandboxes writing one log would corrupt it, so a second one fails with a message naming the
 * holder; a lock left by a dead process is taken over. A directory that cannot be created or
 * written is a `UsageError` saying why.
 *
 * @example const lock = await lockDataDir('/tmp/sbx'); … await lock.release();
 */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  try {
    await mkdir(dir, { recursive: true });
    return await takeLock(dir);
  } catch (error) {
    throw unusableDir(dir, error);
  }
}

async function takeLock(dir: string): Promise<DataDirLock> {
  const path = join(dir, 'sandbox.lock');
  if (lockedHere.has(path)) throw inUse(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${process.pid}\n`);
      await handle.close();
      lockedHere.add(path);
      return {
        async release() {
          lockedHere.delete(path);
          await rm(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(await readFile(path, 'utf8').catch(() => ''), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isProcessAlive(holder)) throw inUse(dir, holder);
      await rm(path, { force: true });
    }
  }
  throw inUse(dir, Number.NaN);
}

function inUse(dir: string, pid: number): UsageError {
  const who = Number.isNaN(pid) ? 'another sandbox' : `another sandbox (pid ${pid})`;
  return new UsageError(
    `The sandbox data directory ${dir} is in use by ${who}. Stop it, or give this one its own directory with --data-dir (dataDir).`,
  );
}

/** A data directory that cannot be created or written is the user's to fix (exit 2 in the CLI). */
function unusableDir(dir: string, error: unknown): unknown {
  const reasons: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    ENOTDIR: 'a part of the path is a file',
    EEXIST: 'a file of that name exists',
    ENOSPC: 'the disk is full',
  };
  const reason = reasons[(error as NodeJS.ErrnoException).code ?? ''];
  if (reason === undefined) return error;
  return new UsageError(
    `Cannot use ${dir} as the sandbox data directory: ${reason}. Give a writable directory with --data-dir (dataDir).`,
    { cause: error },
  );
}
