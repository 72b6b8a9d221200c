/**
 * The face records of the system's font files, kept between runs in a file of the user's cache directory:
 * reading the tables of every installed font costs a process about four times as much as a stat of each.
 * A file that is new, or whose size, mtime or ctime changed, is read again, and the cache file is then
 * rewritten whole (a temporary file renamed over it, so a reader never sees half of it).
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { readFaceRecords, type FaceRecord } from './read-font-faces.js';

interface CachedFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
  readonly faces: readonly FaceRecord[];
}

/** Bumped when `FaceRecord` or the way faces are read changes: older caches are then read afresh. */
const VERSION = 1;

/** `$XDG_CACHE_HOME/vsynth/font-faces.json`, else under `~/.cache`. */
export function defaultFaceCacheFile(): string {
  const base = process.env['XDG_CACHE_HOME'] || join(homedir(), '.cache');
  return join(base, 'vsynth', 'font-faces.json');
}

/**
 * The face records of each of `files`, in their order, from `cacheFile` where the file is unchanged.
 * A cache that cannot be read or written only costs the reading.
 *
 * @example cachedFaceRecords(['/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'])[0]?.family // 'DejaVu Sans'
 */
export function cachedFaceRecords(
  files: readonly string[],
  cacheFile: string = defaultFaceCacheFile(),
): FaceRecord[][] {
  const known = readCache(cacheFile);
  const current: Record<string, CachedFile> = {};
  let changed = Object.keys(known).length !== files.length;
  const records = files.map((file) => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (stat === undefined) return [];
    const cached = known[file];
    const same = cached?.size === stat.size && cached.mtimeMs === stat.mtimeMs && cached.ctimeMs === stat.ctimeMs;
    if (same && Array.isArray(cached.faces)) {
      current[file] = cached;
      return [...cached.faces];
    }
    changed = true;
    const faces = readFaceRecords(file);
    current[file] = { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, faces };
    return faces;
  });
  if (changed) writeCache(cacheFile, current);
  return records;
}

function readCache(cacheFile: string): Record<string, CachedFile> {
  try {
    const parsed = JSON.parse(readFileSync(cacheFile, 'utf8')) as { version?: unknown; files?: unknown };
    if (parsed.version !== VERSION || typeof parsed.files !== 'object' || parsed.files === null) return {};
    return parsed.files as Record<string, CachedFile>;
  } catch {
    return {};
  }
}

function writeCache(cacheFile: string, files: Record<string, CachedFile>): void {
  const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
  try {
    mkdirSync(dirname(cacheFile), { recursive: true });
    writeFileSync(temporary, JSON.stringify({ version: VERSION, files }));
    renameSync(temporary, cacheFile);
  } catch {
    // A read-only or full disk: the next run reads the fonts again.
    rmSync(temporary, { force: true });
  }
}
