import { linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError, isProcessAlive } from '@vsynth/core';

/** Journals locked by this process: a second `runBatch` in the same process is refused too. */
const lockedHere = new Set<string>();

/** A held journal lock; `release` is idempotent. */
export interface JournalLock {
  readonly path: string;
  release(): void;
}

/**
 * Takes `<journal>.lock`, a file holding this process id (written aside, then hard-linked into
 * place), so one process at a time sends a journal's rows. A lock whose holder is gone is taken
 * over, serialised by a second lock file so two processes cannot both take it.
 *
 * @example
 * const lock = lockJournal('people.journal.ndjson'); // UsageError naming the holder's pid if held
 * try { … } finally { lock.release(); }
 */
export function lockJournal(journalPath: string): JournalLock {
  const path = `${resolve(journalPath)}.lock`;
  if (lockedHere.has(path)) throw inUse(journalPath, process.pid);
  if (!linkLock(path)) {
    if (!takeOver(path, journalPath)) throw inUse(journalPath, holderOf(path));
  }
  lockedHere.add(path);
  let held = true;
  return {
    path,
    release() {
      if (!held) return;
      held = false;
      lockedHere.delete(path);
      // Only our own lock file is removed (a takeover after a pid reuse cannot be undone here).
      if (holderOf(path) === process.pid) removeQuietly(path);
    },
  };
}

/** Creates `path` holding this pid; false if it exists. */
function linkLock(path: string): boolean {
  const aside = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  try {
    writeFileSync(aside, `${process.pid}\n`);
    linkSync(aside, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw cannotLock(path, error);
  } finally {
    removeQuietly(aside);
  }
}

/** Takes the lock over if its holder is gone; false if a live process holds it. */
function takeOver(path: string, journalPath: string): boolean {
  const mutex = `${path}.takeover`;
  for (let tries = 0; tries < 50; tries++) {
    if (!linkLock(mutex)) {
      const taker = holderOf(mutex);
      // A taker killed in the middle of its takeover leaves the mutex: remove it and try again.
      if (taker === undefined || !isProcessAlive(taker)) removeQuietly(mutex);
      else sleepSync(2);
      continue;
    }
    try {
      const holder = holderOf(path);
      if (holder !== undefined && isProcessAlive(holder) && !(holder === process.pid && !lockedHere.has(path)))
        return false;
      removeQuietly(path);
      return linkLock(path);
    } finally {
      removeQuietly(mutex);
    }
  }
  throw inUse(journalPath, holderOf(path));
}

function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function removeQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // Already gone.
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function inUse(journalPath: string, pid: number | undefined): UsageError {
  const who = pid === undefined ? 'another vsynth batch' : `another vsynth batch (pid ${pid})`;
  return new UsageError(
    `The journal ${journalPath} is in use by ${who}; nothing was sent. Wait for that batch to finish (or stop it), then run again; two runs of one journal would send its rows twice.`,
  );
}

function cannotLock(path: string, error: unknown): UsageError {
  const code = (error as NodeJS.ErrnoException).code;
  const why =
    code === 'ENOENT'
      ? 'its directory does not exist'
      : code === 'EACCES' || code === 'EPERM' || code === 'EROFS'
        ? 'its directory is not writable'
        : `${code ?? 'error'}`;
  return new UsageError(
    `Cannot create the journal lock ${path}: ${why}. Create the directory or choose another \`journal\` file; nothing was sent.`,
    { cause: error },
  );
}
