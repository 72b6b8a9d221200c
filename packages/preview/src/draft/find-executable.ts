import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The absolute path of `name` on `searchPath` (default `process.env.PATH`), or undefined; the program is
 * not run.
 *
 * @example findExecutable('ffmpeg') // '/usr/bin/ffmpeg' when installed
 */
export function findExecutable(name: string, searchPath: string | undefined = process.env['PATH']): string | undefined {
  const extensions = process.platform === 'win32' ? (process.env['PATHEXT'] ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (searchPath ?? '').split(delimiter)) {
    if (!dir) continue;
    for (const extension of extensions) {
      const candidate = join(dir, name + extension);
      try {
        if (!statSync(candidate).isFile()) continue;
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {}
    }
  }
  return undefined;
}
