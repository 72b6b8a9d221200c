import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { create } from './create.js';
import { ZOD_RANGE } from './scaffold.js';

const dir = mkdtempSync(join(tmpdir(), 'create-vsynth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const version = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

function io(answers?: string[]) {
  const out = { stdout: '', stderr: '', asked: [] as string[] };
  return {
    out,
    io: {
      cwd: dir,
      stdout: { write: (text: string) => (out.stdout += text) },
      stderr: { write: (text: string) => (out.stderr += text) },
      ...(answers && {
        prompter: {
          question: async (query: string) => {
            out.asked.push(query);
            return answers.shift() ?? '';
          },
        },
      }),
    },
  };
}
const manifest = (root: string) =>
  JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Record<string, Record<string, string>>;

describe('create-vsynth', () => {
  it('writes the named folder with the template, depending on the released packages at ^ its version', async () => {
    const run = io();
    expect(await create(['lib', '--template', 'library'], run.io)).toBe(0);
    expect(run.out.stdout).toContain('Created a library vsynth project in');
    expect(run.out.stdout).toContain('Next: cd lib && npm install && npm test');
    expect(readdirSync(join(dir, 'lib')).sort()).toEqual([
      'README.md',
      'avatars.ts',
      'build.mjs',
      'modify.json',
      'package.json',
      'people.csv',
      'tsconfig.json',
      'video.tsx',
    ]);
    expect(manifest(join(dir, 'lib'))['dependencies']).toEqual({
      '@vsynth/cli': `^${version}`,
      '@vsynth/core': `^${version}`,
      '@vsynth/jsx-runtime': `^${version}`,
      '@vsynth/templates': `^${version}`,
      zod: ZOD_RANGE,
    });
    // The zod the project's schemas are written with is the one the workspace builds and tests with.
    const workspace = readFileSync(new URL('../../../pnpm-workspace.yaml', import.meta.url), 'utf8');
    expect(workspace).toContain(`\n  zod: ${ZOD_RANGE}\n`);
    expect(Object.keys(manifest(join(dir, 'lib'))['devDependencies'] ?? {})).toEqual([
      '@types/node',
      'tsx',
      'typescript',
    ]);
    const tsconfig = JSON.parse(readFileSync(join(dir, 'lib', 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { types: string[] };
    };
    expect(tsconfig.compilerOptions.types).toEqual(['node']);
  });

  it('on a terminal with no arguments, asks for the folder and the template, asking again for an unknown one', async () => {
    const run = io([join(dir, 'asked'), 'movie', 'batch']);
    expect(await create([], run.io)).toBe(0);
    expect(run.out.asked).toEqual([
      'Project folder (my-video): ',
      'Template, basic, batch, library (basic): ',
      'Template, basic, batch, library (basic): ',
    ]);
    expect(readdirSync(join(dir, 'asked'))).toContain('welcome.tsx');
  });

  it('asks nothing when given an argument, even on a terminal; --yes takes the defaults', async () => {
    const run = io(['never']);
    expect(await create([join(dir, 'given')], run.io)).toBe(0);
    expect(run.out.asked).toEqual([]);
    expect(manifest(join(dir, 'given'))['name']).toBe('given');
    const defaults = io(['never']);
    expect(await create(['--yes'], defaults.io)).toBe(0);
    expect(defaults.out.asked).toEqual([]);
    expect(defaults.out.stdout).toContain('Created a basic vsynth project in my-video');
    expect(readdirSync(join(dir, 'my-video'))).toContain('video.tsx');
  });

  it('bad arguments exit 2 with the reason and the usage; an existing file exits 2 and nothing is written', async () => {
    const unknown = io();
    expect(await create(['x', '--template', 'movie'], unknown.io)).toBe(2);
    expect(unknown.out.stderr).toBe('create-vsynth: unknown template "movie"; choose one of basic, batch, library\n');
    const option = io();
    expect(await create(['--force'], option.io)).toBe(2);
    expect(option.out.stderr).toMatch(/^create-vsynth: Unknown option '--force'.*\n\nUsage: npm create vsynth@latest/s);
    const taken = join(dir, 'taken');
    expect(await create([taken], io().io)).toBe(0);
    rmSync(join(taken, 'README.md'));
    writeFileSync(join(taken, 'video.tsx'), 'mine');
    const again = io();
    expect(await create([taken, '--template', 'batch'], again.io)).toBe(2);
    expect(again.out.stderr).toContain(
      'create-vsynth would overwrite package.json, video.tsx, avatars.ts, tsconfig.json in',
    );
    expect(readFileSync(join(taken, 'video.tsx'), 'utf8')).toBe('mine');
    expect(readdirSync(taken)).not.toContain('README.md');
  });
});
