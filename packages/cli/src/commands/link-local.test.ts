import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkoutRoot, checkoutTarballs, localManifest } from './link-local.js';

describe('vsynth init --link-local', () => {
  it('finds this checkout and names the tarball pnpm pack writes for each public package', async () => {
    const root = checkoutRoot();
    expect(root).toBeDefined();
    expect(existsSync(path.join(root!, 'pnpm-workspace.yaml'))).toBe(true);
    const version = (
      JSON.parse(readFileSync(path.join(root!, 'packages/core/package.json'), 'utf8')) as { version: string }
    ).version;
    const tarballs = await checkoutTarballs(root!);
    expect(tarballs['@vsynth/core']).toBe(`vsynth-core-${version}.tgz`);
    expect(tarballs['@vsynth/jsx-runtime']).toBe(`vsynth-jsx-runtime-${version}.tgz`);
    expect(tarballs['create-vsynth']).toBe(`create-vsynth-${version}.tgz`);
    expect(Object.keys(tarballs)).toHaveLength(10);
  });

  it('points direct dependencies and npm overrides at the same vendor/ file; an unknown package is an error', () => {
    const local = localManifest({ '@vsynth/cli': 'vsynth-cli-1.2.3.tgz', '@vsynth/core': 'vsynth-core-1.2.3.tgz' });
    expect(local.specFor('@vsynth/cli')).toBe('file:vendor/vsynth-cli-1.2.3.tgz');
    expect(local.overrides).toEqual({
      '@vsynth/cli': 'file:vendor/vsynth-cli-1.2.3.tgz',
      '@vsynth/core': 'file:vendor/vsynth-core-1.2.3.tgz',
    });
    expect(() => local.specFor('@vsynth/nope')).toThrow('this checkout has no package @vsynth/nope to pack');
  });
});
