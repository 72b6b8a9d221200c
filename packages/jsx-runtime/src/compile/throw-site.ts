import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { SourceLocation } from '@vsynth/core';
import { displayPath } from './display-path.js';

// `at fn (location:3:9)` or `at location:3:9`.
const FRAME = /^at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;
const FILE = /^(?:file:\/\/|\/|[A-Za-z]:\\)/;

/**
 * Where a user's code threw: the first stack frame that is neither Node's nor a dependency's, when it lies in
 * a file on disk. A module tsx loaded as CommonJS (a `data:` URL) or positions left unmapped by a host that
 * replaces `Error.prepareStackTrace` (vitest) cannot be placed: `undefined` then.
 */
export function throwSite(error: unknown, cwd: string = process.cwd()): SourceLocation | undefined {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  for (const line of stack.split('\n')) {
    const frame = FRAME.exec(line.trim());
    if (frame === null) continue;
    const [, location = '', lineNumber, columnNumber] = frame;
    if (location.startsWith('node:') || /[\\/]node_modules[\\/]/.test(location)) continue;
    if (!FILE.test(location)) return undefined;
    const fileName = displayPath(location, cwd);
    const site = { fileName, lineNumber: Number(lineNumber), columnNumber: Number(columnNumber) };
    return isInFile(location, site) ? site : undefined;
  }
  return undefined;
}

/** False for a position of generated code: a line or column the source file does not have. */
function isInFile(location: string, site: SourceLocation): boolean {
  try {
    const text = readFileSync(location.startsWith('file://') ? fileURLToPath(location) : location, 'utf8');
    const line = text.split(/\r?\n/)[site.lineNumber - 1];
    return line !== undefined && site.columnNumber <= line.length + 1;
  } catch {
    return false;
  }
}
