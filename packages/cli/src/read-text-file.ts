import { readFile } from 'node:fs/promises';
import { UsageError } from '@vsynth/core';

export interface ReadTextFileOptions {
  /** What the file is, named before its path in the message: `payload`, `--props`. */
  readonly what?: string;
  /** What to do, ending the message. Default `Check the path and try again`. */
  readonly advice?: string;
}

/**
 * Reads a file a command was given as UTF-8 text; a file that cannot be read is a usage error
 * (exit 2) saying why: `Cannot read payload x.json: no such file. Check the path and try again.`
 *
 * @example const text = await readTextFile('examples/payloads/modify.json', { what: 'payload' });
 */
export async function readTextFile(file: string, options: ReadTextFileOptions = {}): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    const reason =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : String((error as Error).message);
    const subject = options.what === undefined ? file : `${options.what} ${file}`;
    throw new UsageError(`Cannot read ${subject}: ${reason}. ${options.advice ?? 'Check the path and try again'}.`, {
      cause: error,
    });
  }
}
