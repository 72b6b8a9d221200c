import { fstatSync, ftruncateSync, readSync } from 'node:fs';
import { writeWhole } from '@vsynth/core';

/**
 * Ends a journal with a newline before a resumed run appends to it. A kill in the middle of a
 * write leaves a partial last line: it is cut off. A last line that is a whole entry without its
 * newline (`readJournal` applied it) gets its newline, so the next resume reads what this one did.
 *
 * @example repairJournalTail(openSync('people.journal.ndjson', 'a+'))
 */
export function repairJournalTail(fd: number): void {
  const size = fstatSync(fd).size;
  const lineEnd = endOfLastLine(fd, size);
  if (lineEnd === size) return;
  const tail = Buffer.alloc(size - lineEnd);
  readSync(fd, tail, 0, tail.length, lineEnd);
  if (isJson(tail.toString('utf8'))) writeWhole(fd, '\n');
  else ftruncateSync(fd, lineEnd);
}

/** The offset just past the file's last newline (0 if it has none), read backwards in chunks. */
function endOfLastLine(fd: number, size: number): number {
  const chunk = Buffer.alloc(Math.min(size, 64 * 1024));
  for (let end = size; end > 0; ) {
    const start = Math.max(0, end - chunk.length);
    readSync(fd, chunk, 0, end - start, start);
    const newline = chunk.subarray(0, end - start).lastIndexOf(0x0a);
    if (newline >= 0) return start + newline + 1;
    end = start;
  }
  return 0;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
