import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { displayPath } from './display-path.js';

/** The rule spelled out with node:path alone: what displayPath returned before its shortcut. */
function byResolving(file: string, cwd: string): string {
  const absolute = path.resolve(cwd, file.startsWith('file://') ? new URL(file).pathname : file);
  const relative = path.relative(cwd, absolute);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return absolute;
  return relative.split(path.sep).join('/');
}

describe('displayPath', () => {
  it('shows files under cwd relative to it and others absolute', () => {
    expect(displayPath('/work/app/examples/promo.tsx', '/work/app')).toBe('examples/promo.tsx');
    expect(displayPath('/work/application/x.tsx', '/work/app')).toBe('/work/application/x.tsx');
    expect(displayPath('/work/app/../other/x.tsx', '/work/app')).toBe('/work/other/x.tsx');
    expect(displayPath('/work/app/..x/y.tsx', '/work/app')).toBe('/work/app/..x/y.tsx');
    expect(displayPath('/work/app/./a//b.tsx', '/work/app/')).toBe('a/b.tsx');
    expect(displayPath('examples/promo.tsx', '/work/app')).toBe('examples/promo.tsx');
    expect(displayPath('file:///work/app/a.tsx', '/work/app')).toBe('a.tsx');
    expect(displayPath('/work/app', '/work/app')).toBe('/work/app');
    expect(displayPath('/a.tsx', '/')).toBe('a.tsx');
  });

  it('agrees with resolving both names, whatever the segments', () => {
    const segment = fc.constantFrom('', '.', '..', 'a', 'b', '..a', '.b', 'a.tsx', 'app');
    const name = fc.tuple(fc.boolean(), fc.array(segment, { maxLength: 6 })).map(([absolute, parts]) => `${absolute ? '/' : ''}${parts.join('/')}`);
    fc.assert(
      fc.property(name, name, (file, cwdTail) => {
        const cwd = cwdTail.startsWith('/') ? cwdTail : `/${cwdTail}`;
        expect(displayPath(file, cwd)).toBe(byResolving(file, cwd));
        expect(displayPath(`${cwd}/${file}`, cwd)).toBe(byResolving(`${cwd}/${file}`, cwd));
      }),
      { numRuns: 2000 },
    );
  });
});
