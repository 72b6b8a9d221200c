import path from 'node:path';

/**
 * A file name as messages show it: relative to `cwd` (with `/`) when inside it, absolute
 * otherwise (clearer than `../../tmp/x.tsx`). `file://` URLs are accepted.
 *
 * @example displayPath('/work/app/examples/promo.tsx', '/work/app') // 'examples/promo.tsx'
 */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  // A plain absolute POSIX name under a plain cwd (what JSX sources are) is cwd/rest: no resolving needed.
  if (path.sep === '/' && isPlainAbsolute(cwd) && cwd.length > 1 && file.length > cwd.length + 1 && file.charCodeAt(cwd.length) === SLASH && file.startsWith(cwd) && isPlainAbsolute(file)) {
    const relative = file.slice(cwd.length + 1);
    if (!relative.startsWith('..')) return relative;
  }
  const absolute = path.resolve(cwd, file.startsWith('file://') ? new URL(file).pathname : file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

const SLASH = 0x2f;

/** Starts with `/`, ends with none, and has no `//`, `.` or `..` segment: `path.resolve` would return it as is. */
function isPlainAbsolute(name: string): boolean {
  return name.charCodeAt(0) === SLASH && name.charCodeAt(name.length - 1) !== SLASH && !name.includes('//') && !name.includes('/.');
}
