/**
 * `tsc --noEmit` in a user's project with `"jsxImportSource": "@vsynth/jsx-runtime"` type-checks
 * a video and puts a wrong prop at its line. The package is linked into the
 * project's node_modules and read from source (its `@vsynth/source` condition), so the test
 * needs no build; the packed tarballs are checked by the packaging end-to-end test.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './run-vsynth.js';

const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');
let project: string;

const GOOD = [
  "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
  '',
  'export default function Promo(props: { name: string }) {',
  '  return (',
  '    <Video name={`For ${props.name}`} orientation="portrait">',
  '      <Scene background="#101820">',
  '        <Avatar model="anna" clothes="suit" x={0.2} scale={1.2}>Hello {props.name}</Avatar>',
  '        <Text tag="title" slot="headline" left={80} top={120} fontWeight={600} animation={{ type: "fade-in" }}>Spring</Text>',
  '      </Scene>',
  '    </Video>',
  '  );',
  '}',
  '',
].join('\n');

const BAD = [
  "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
  '',
  'export default (',
  '  <Video>',
  '    <Scene>',
  '      <Avatar model="anna" scale="big">Hi</Avatar>',
  '      <Text x={1} left={2}>mixed</Text>',
  '      <Text tag="nope">x</Text>',
  '      <Scene bogus="x" />',
  '    </Scene>',
  '  </Video>',
  ');',
  '',
].join('\n');

beforeAll(async () => {
  project = await mkdtemp(path.join(os.tmpdir(), 'vsynth-types-'));
  await mkdir(path.join(project, 'node_modules', '@vsynth'), { recursive: true });
  await mkdir(path.join(project, 'node_modules', '@types'), { recursive: true });
  await symlink(
    path.join(REPO_ROOT, 'packages', 'jsx-runtime'),
    path.join(project, 'node_modules', '@vsynth', 'jsx-runtime'),
    'dir',
  );
  await symlink(
    path.join(REPO_ROOT, 'node_modules', '@types', 'node'),
    path.join(project, 'node_modules', '@types', 'node'),
    'dir',
  );
  await writeFile(path.join(project, 'package.json'), '{ "type": "module", "private": true }\n');
  await writeFile(path.join(project, 'good.tsx'), GOOD);
  await writeFile(path.join(project, 'bad.tsx'), BAD);
});

afterAll(async () => {
  await rm(project, { recursive: true, force: true });
});

/** Runs tsc --noEmit with the given resolution; returns the error lines (file(line,col): error TS…). */
async function typeErrors(module: string, moduleResolution: string): Promise<string[]> {
  const config = {
    compilerOptions: {
      strict: true,
      noEmit: true,
      target: 'ES2022',
      module,
      moduleResolution,
      jsx: 'react-jsx',
      jsxImportSource: '@vsynth/jsx-runtime',
      customConditions: ['@vsynth/source'],
      skipLibCheck: true,
    },
    include: ['*.tsx'],
  };
  const file = path.join(project, `tsconfig.${moduleResolution}.json`);
  await writeFile(file, JSON.stringify(config));
  const { stdout } = await promisify(execFile)(process.execPath, [TSC, '-p', file], { cwd: project }).catch(
    (error: { stdout: string }) => error,
  );
  return stdout.split('\n').filter((line) => /^\S.*error TS/.test(line));
}

describe('tsc --noEmit in the user project', () => {
  // One resolution here (tsc takes seconds); the packaging end-to-end test covers node10 and bundler.
  for (const [module, resolution] of [['nodenext', 'nodenext']] as const) {
    it(`passes a good video and puts each wrong prop at its line (moduleResolution ${resolution})`, {
      timeout: 120_000,
    }, async () => {
      const errors = await typeErrors(module, resolution);
      expect(errors.map((e) => e.replace(/: error TS\d+:.*/, ''))).toEqual([
        'bad.tsx(6,28)',
        'bad.tsx(7,8)',
        'bad.tsx(8,13)',
        'bad.tsx(9,14)',
      ]);
      expect(errors[0]).toContain("Type 'string' is not assignable to type 'number'");
    });
  }
});
