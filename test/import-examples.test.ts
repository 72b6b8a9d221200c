import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '@vsynth/core';
import { compileFile, importProject, normaliseProject } from '@vsynth/jsx-runtime';

const REPO = fileURLToPath(new URL('../', import.meta.url));

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vsynth-import-examples-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the imported modules as files and compiles the TSX with the target and variant named. */
async function compileBack(input: unknown) {
  const result = await importProject(input);
  const sub = path.join(dir, String(n++));
  await mkdir(sub);
  await writeFile(path.join(sub, 'video.tsx'), result.tsx);
  if (result.avatars !== '') await writeFile(path.join(sub, 'avatars.ts'), result.avatars);
  const options = result.target === 'legacy' ? { target: 'legacy' as const } : { variant: result.variant ?? 'A' };
  const compiled = await compileFile(path.join(sub, 'video.tsx'), options);
  return { result, payload: compiled.payload as unknown };
}

function expectRoundTrip(original: unknown, back: unknown, target: 'v3' | 'legacy'): void {
  expect(canonicalJson(normaliseProject(back, target))).toBe(canonicalJson(normaliseProject(original, target)));
}

describe('importProject on compiled examples', () => {
  const cases = [
    ['examples/hello.tsx', { variant: 'A' }],
    ['examples/hello.tsx', { variant: 'B' }],
    ['examples/promo.tsx', { variant: 'A' }],
    ['examples/promo.tsx', { variant: 'B' }],
    ['examples/legacy.tsx', { target: 'legacy' }],
  ] as const;
  for (const [file, options] of cases) {
    it(`${file} ${JSON.stringify(options)}: compile(import(compile(file))) is compile(file)`, async () => {
      const { payload: original } = await compileFile(path.join(REPO, file), options);
      const { payload, result } = await compileBack(original);
      const target = 'target' in options ? 'legacy' : 'v3';
      expectRoundTrip(original, payload, target);
      if (target === 'v3') expect(result.variant).toBe((options as { variant: string }).variant);
      // What the compiler wrote needs no escape hatch, except a variant A scene's deleted stand-in avatar.
      expect(result.carried.filter((c) => !c.endsWith('.isDelete'))).toEqual([]);
    });
  }

  it('library-demo.tsx with its props round-trips too', async () => {
    const props = JSON.parse(await readFile(path.join(REPO, 'examples/library-demo.props.json'), 'utf8'));
    const { payload: original } = await compileFile(path.join(REPO, 'examples/library-demo.tsx'), { props });
    const { payload } = await compileBack(original);
    expectRoundTrip(original, payload, 'v3');
  });
});
