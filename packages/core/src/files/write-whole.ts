import { writeSync } from 'node:fs';

/**
 * Writes all of `data` at the file's position, or throws. One `writeSync` on a nearly full disk may write
 * only part and return its count; the next write then fails with ENOSPC or EFBIG.
 *
 * @example writeWhole(fd, `${JSON.stringify(entry)}\n`);
 */
export function writeWhole(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at, bytes.length - at);
}
