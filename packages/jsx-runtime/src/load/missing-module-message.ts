import path from 'node:path';
import { displayPath } from '../compile/display-path.js';

// A name npm accepts: lower case, optionally scoped (`@/x` and `~/x` are aliases, never packages).
const NPM_NAME = /^(?:@[a-z0-9-~][a-z0-9-._~]*\/)?[a-z0-9-~][a-z0-9-._~]*$/;

/**
 * What to do about an import that cannot be resolved: `specifier` as written in `importer`; `entry` is
 * the file being loaded, whose nearest tsconfig holds any `paths`.
 *
 * @example missingModuleMessage('./avatarz.js', '/v/video.tsx', '/v/video.tsx', '/v')
 * // 'cannot find module "./avatarz.js" (no file avatarz.js): check the path; …'
 */
export function missingModuleMessage(specifier: string, importer: string, entry: string, cwd: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    const looked = displayPath(path.resolve(path.dirname(importer), specifier), cwd);
    return (
      `cannot find module "${specifier}" (no file ${looked}): check the path; ` +
      'a .ts or .tsx file is imported by its name with .js (./avatars.js for avatars.ts)'
    );
  }
  const paths = `check "paths" in the tsconfig.json nearest to ${displayPath(entry, cwd)}`;
  const name = packageName(specifier);
  if (!NPM_NAME.test(name)) {
    return `cannot find "${specifier}": no package can have that name; if it is a tsconfig "paths" alias, ${paths}`;
  }
  return (
    `cannot find package "${specifier}": install it (npm install ${name}), ` +
    `or, if it is a tsconfig "paths" alias, ${paths}`
  );
}

/** `@scope/name` or `name` of a bare specifier with a subpath. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}
