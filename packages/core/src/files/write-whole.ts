import { writeSync } from 'node:fs';

/**
 * Writes all of `data` at the file's position. One `writeSync` may write only part of it: a
 * write that reaches a full disk or the file size limit takes the bytes that fit and returns
 * their count (the next write fails with ENOSPC or EFBIG). This writes the rest, or throws.
 *
 * @example writeWhole(fd, `${JSON.stringify(entry)}\n`);
 */
export function writeWhole(fd: number, data: string | Uint8Array): void {
  const written = typeof data === 'string' ? writeSync(fd, data) : writeSync(fd, data);
  const length = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  if (written === length) return;
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let at = written; at < length; ) at += writeSync(fd, bytes, at, length - at);
}
