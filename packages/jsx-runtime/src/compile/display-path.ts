import path from 'node:path';

/**
 * A file name as messages show it: relative to `cwd` (with `/`) when inside it, absolute otherwise (clearer
 * than `../../tmp/x.tsx`). `file://` URLs are accepted.
 *
 * @example displayPath('/work/app/scenes/promo.tsx', '/work/app') // 'scenes/promo.tsx'
 */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const absolute = path.resolve(cwd, file.startsWith('file://') ? new URL(file).pathname : file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}
