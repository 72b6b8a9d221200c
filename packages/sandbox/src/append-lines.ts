import type { FileHandle } from 'node:fs/promises';

/** Lines are joined into writes of about this many characters. */
const PIECE_CHARS = 1 << 20;

/**
 * Appends lines to a file opened for appending, joined into writes of about 1 MiB: a batch of
 * large requests, or a snapshot, can outgrow the longest string. Returns the bytes written.
 *
 * @example const bytes = await appendLines(handle, ['{"a":1}\n', '{"a":2}\n']);
 */
export async function appendLines(handle: FileHandle, lines: Iterable<string>): Promise<number> {
  let bytes = 0;
  let piece = '';
  const write = async () => {
    await handle.appendFile(piece);
    bytes += Buffer.byteLength(piece);
    piece = '';
  };
  for (const line of lines) {
    piece += line;
    if (piece.length >= PIECE_CHARS) await write();
  }
  if (piece !== '') await write();
  return bytes;
}
