import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isUsageError } from '@vsynth/core';
import { runInit } from './init.js';

const dir = mkdtempSync(join(tmpdir(), 'vsynth-init-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const quiet = { write: () => true };
const cliVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

describe('vsynth init', () => {
  it('writes a basic project depending on the published packages at this CLI version range', async () => {
    const root = join(dir, 'My Video');
    const written = await runInit(root, { stdout: quiet });
    expect(written.sort()).toEqual(['README.md', 'avatars.ts', 'package.json', 'tsconfig.json', 'video.tsx']);
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(manifest['name']).toBe('my-video');
    expect(manifest['dependencies']).toEqual({
      '@vsynth/cli': `^${cliVersion}`,
      '@vsynth/jsx-runtime': `^${cliVersion}`,
      zod: '^4.1.0',
    });
    expect(manifest['scripts']?.['test']).toBe('tsc --noEmit && vsynth compile video.tsx');
    const tsconfig = JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: Record<string, unknown>;
    };
    expect(tsconfig.compilerOptions).toMatchObject({ jsx: 'react-jsx', jsxImportSource: '@vsynth/jsx-runtime' });
    expect(readFileSync(join(root, 'video.tsx'), 'utf8')).toContain("import { anna } from './avatars.js';");
  });

  it('batch adds a row template and its CSV; library a build script, a Handlebars template and the API packages', async () => {
    const batch = await runInit(join(dir, 'batch'), { template: 'batch', stdout: quiet });
    expect(batch).toEqual(expect.arrayContaining(['welcome.tsx', 'people.csv']));
    const library = await runInit(join(dir, 'library'), { template: 'library', stdout: quiet });
    expect(library).toEqual(expect.arrayContaining(['build.mjs', 'modify.json', 'people.csv']));
    const manifest = JSON.parse(readFileSync(join(dir, 'library', 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string>
    >;
    expect(Object.keys(manifest['dependencies'] ?? {})).toEqual([
      '@vsynth/cli',
      '@vsynth/core',
      '@vsynth/jsx-runtime',
      '@vsynth/templates',
      'zod',
    ]);
    expect(manifest['scripts']?.['test']).toBe('tsc --noEmit && node build.mjs');
  });

  it('refuses to overwrite: a usage error naming the files, and nothing written', async () => {
    const root = join(dir, 'taken');
    await runInit(root, { stdout: quiet });
    writeFileSync(join(root, 'video.tsx'), 'mine');
    rmSync(join(root, 'avatars.ts'));
    const error = await runInit(root, { template: 'batch', stdout: quiet }).catch((caught: unknown) => caught);
    expect(isUsageError(error)).toBe(true);
    expect((error as Error).message).toContain('would overwrite package.json, video.tsx, tsconfig.json, README.md in');
    expect((error as Error).message).toContain('nothing was written');
    expect(readFileSync(join(root, 'video.tsx'), 'utf8')).toBe('mine');
    expect(readdirSync(root).sort()).toEqual(['README.md', 'package.json', 'tsconfig.json', 'video.tsx']);
  });
});
