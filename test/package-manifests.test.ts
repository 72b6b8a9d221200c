/**
 * What a registry release needs, read from the workspace manifests (no build, no packing): every
 * public package names itself, its version, licence, repository folder, Node range, the files it
 * ships and a types entry for every export, and carries a README and the root LICENSE.
 * test/registry/ proves the same through a real publish and install.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspacePackages } from './packed-project.js';
import { REPO_ROOT } from './run-vsynth.js';

type Manifest = Record<string, unknown> & {
  exports?: Record<string, Record<string, string>>;
  publishConfig?: { exports?: Record<string, Record<string, string>>; access?: string };
};

const rootManifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  private?: boolean;
  scripts: Record<string, string>;
  engines: { node: string };
};
const LICENSE = readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8');
const published = workspacePackages().filter(({ manifest }) => manifest['private'] !== true);

describe('release manifests', () => {
  it('the root is private and has the changeset, version and release scripts', () => {
    expect(rootManifest.private).toBe(true);
    expect(rootManifest.scripts['changeset']).toBe('changeset');
    expect(rootManifest.scripts['version']).toMatch(/^changeset version/);
    expect(rootManifest.scripts['release']).toBe('pnpm build && pnpm publish -r --access public');
  });

  it('every public package has the fields a registry release needs', () => {
    expect(published.length).toBeGreaterThanOrEqual(9);
    for (const { dir, manifest } of published) {
      const m = manifest as Manifest;
      expect(m['name'], dir).toMatch(/^(@vsynth\/[a-z-]+|create-vsynth)$/);
      expect(m['version'], dir).toMatch(/^\d+\.\d+\.\d+$/);
      expect(String(m['description']).length, dir).toBeGreaterThan(10);
      expect(m['license'], dir).toBe('MIT');
      expect(m['repository'], dir).toMatchObject({ type: 'git', directory: `packages/${dir}` });
      expect(m['engines'], dir).toEqual({ node: rootManifest.engines.node });
      expect(m['type'], dir).toBe('module');
      expect(m['sideEffects'], dir).toBe(false);
      expect(m['files'], dir).toContain('dist');
    }
  });

  it('every public package carries a README and the root LICENSE', () => {
    for (const { dir } of published) {
      expect(existsSync(path.join(REPO_ROOT, 'packages', dir, 'README.md')), dir).toBe(true);
      expect(readFileSync(path.join(REPO_ROOT, 'packages', dir, 'LICENSE'), 'utf8'), dir).toBe(LICENSE);
    }
  });

  it('every export names its types and JS, published without the source condition', () => {
    for (const { dir, manifest } of published) {
      const m = manifest as Manifest;
      const exported = m.publishConfig?.exports ?? {};
      expect(Object.keys(exported), dir).toEqual(Object.keys(m.exports ?? {}));
      for (const [entry, conditions] of Object.entries(exported)) {
        expect(Object.keys(conditions), `${dir} ${entry}`).toEqual(['types', 'default']);
        expect(conditions['types'], `${dir} ${entry}`).toMatch(/^\.\/dist\/.+\.d\.ts$/);
        expect(conditions['default'], `${dir} ${entry}`).toMatch(/^\.\/dist\/.+\.js$/);
      }
    }
  });
});
