import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtIsCurrent } from '../bench/code-under-test.js';

// run-all measures dist/ only when this says it is the code of the sources; a wrong "true"
// would silently measure stale code.
describe('builtIsCurrent (bench/code-under-test.ts)', () => {
  let packages: string;
  const at = (file: string, seconds: number) => {
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'x');
    utimesSync(file, seconds, seconds);
  };
  beforeEach(() => {
    packages = mkdtempSync(join(tmpdir(), 'vsynth-built-is-current-'));
    at(join(packages, 'core/package.json'), 1000);
    at(join(packages, 'core/src/index.ts'), 1000);
    at(join(packages, 'core/src/nested/deep.ts'), 1100);
    at(join(packages, 'core/dist/index.js'), 2000);
    at(join(packages, 'core/dist/nested/deep.js'), 2000);
  });
  afterEach(() => rmSync(packages, { recursive: true, force: true }));

  it('is true when every dist/ file is newer than every source and the manifest', () => {
    expect(builtIsCurrent(packages)).toBe(true);
  });

  it('is false when a source in a nested folder changed after the oldest dist/ file', () => {
    utimesSync(join(packages, 'core/src/nested/deep.ts'), 2500, 2500);
    expect(builtIsCurrent(packages)).toBe(false);
  });

  it('is false when package.json changed after the build', () => {
    utimesSync(join(packages, 'core/package.json'), 2500, 2500);
    expect(builtIsCurrent(packages)).toBe(false);
  });

  it('is false when one dist/ file is older than a source (a partial build)', () => {
    utimesSync(join(packages, 'core/dist/nested/deep.js'), 1050, 1050);
    expect(builtIsCurrent(packages)).toBe(false);
  });

  it('is false when a package has no dist/ at all', () => {
    at(join(packages, 'queue/package.json'), 1000);
    at(join(packages, 'queue/src/index.ts'), 1000);
    expect(builtIsCurrent(packages)).toBe(false);
  });
});
