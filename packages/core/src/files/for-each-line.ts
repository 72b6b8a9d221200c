import { closeSync, openSync, readSync } from 'node:fs';
import { UsageError } from '../errors/usage-error.js';

export interface ForEachLineOptions {
  /** Bytes read at a time (default 1 MiB). */
  readonly pieceBytes?: number;
}

/**
 * Calls `onLine` with each line of a UTF-8 file, its 1-based number, whether a `\n` ended it (not so for a
 * line torn by a crash), and its byte offset and length. The file is read a piece at a time because a big
 * batch's journal outgrows the longest string Node.js holds.
 *
 * @example forEachLineSync('store.ndjson', (line, number, ended) => ended && records.push(JSON.parse(line)));
 */
export function forEachLineSync(
  path: string,
  onLine: (line: string, lineNumber: number, ended: boolean, offset: number, bytes: number) => void,
  options: ForEachLineOptions = {},
): void {
  const pieceBytes = options.pieceBytes ?? 1 << 20;
  const fd = openSync(path, 'r');
  try {
    // The start of a line that runs on into the next piece (copied: the piece buffer is reused).
    let carried: Buffer[] = [];
    let carriedBytes = 0;
    let lineNumber = 0;
    let pieceOffset = 0;
    const decode = (bytes: Buffer, start: number, end: number): string => {
      try {
        return bytes.toString('utf8', start, end);
      } catch {
        throw new UsageError(
          `Line ${lineNumber} of ${path} is ${end - start} bytes, longer than Node.js can read as one string. ` +
            'The file is damaged; move it aside.',
        );
      }
    };
    const piece = Buffer.allocUnsafe(pieceBytes);
    for (;;) {
      const length = readSync(fd, piece, 0, pieceBytes, null);
      if (length === 0) break;
      let start = 0;
      for (;;) {
        const newline = piece.indexOf(0x0a, start);
        if (newline < 0 || newline >= length) break;
        lineNumber += 1;
        if (carried.length === 0) {
          onLine(decode(piece, start, newline), lineNumber, true, pieceOffset + start, newline - start);
        } else {
          // A line carried over starts in an earlier piece and ends at this piece's first newline.
          const whole = Buffer.concat([...carried, piece.subarray(0, newline)]);
          const offset = pieceOffset - carriedBytes;
          carried = [];
          carriedBytes = 0;
          onLine(decode(whole, 0, whole.length), lineNumber, true, offset, whole.length);
        }
        start = newline + 1;
      }
      if (start < length) {
        carried.push(Buffer.from(piece.subarray(start, length)));
        carriedBytes += length - start;
      }
      pieceOffset += length;
    }
    if (carried.length > 0) {
      lineNumber += 1;
      const tail = Buffer.concat(carried);
      onLine(decode(tail, 0, tail.length), lineNumber, false, pieceOffset - carriedBytes, carriedBytes);
    }
  } finally {
    closeSync(fd);
  }
}
