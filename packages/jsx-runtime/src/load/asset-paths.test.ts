import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatIssue, isValidationError } from '@vsynth/core';
import { hostedAddress } from '../compile/resolve-assets.js';
import { compileFile } from './compile-file.js';

let dir: string;

/** A component library in `lib/` with its own image, used by videos in two other folders. */
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'vsynth-assets-'));
  await mkdir(path.join(dir, 'lib', 'brand'), { recursive: true });
  await mkdir(path.join(dir, 'videos', 'spring'), { recursive: true });
  await writeFile(path.join(dir, 'lib', 'brand', 'logo one.png'), 'not really a png');
  await writeFile(
    path.join(dir, 'lib', 'logo.tsx'),
    [
      "import { Image } from '@vsynth/jsx-runtime';",
      '',
      'export function Logo() {',
      '  return <Image src="brand/logo one.png" left={0} top={0} width={100} height={100} />;',
      '}',
      '',
    ].join('\n'),
  );
  const video = (logo: string) =>
    [
      "import { Image, Scene, Text, Video } from '@vsynth/jsx-runtime';",
      `import { Logo } from '${logo}';`,
      '',
      'export default (',
      '  <Video>',
      '    <Scene background="./bg.png">',
      '      <Logo />',
      '      <Image src="./missing.png" left={0} top={0} width={10} height={10} />',
      '      <Image src="./missing.png" left={20} top={0} width={10} height={10} />',
      '      <Text>Hi</Text>',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n');
  await writeFile(path.join(dir, 'videos', 'a.tsx'), video('../lib/logo.js'));
  await writeFile(path.join(dir, 'videos', 'spring', 'b.tsx'), video('../../lib/logo.js'));
  await writeFile(path.join(dir, 'videos', 'bg.png'), 'x');
  await writeFile(path.join(dir, 'videos', 'spring', 'bg.png'), 'x');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sources = (payload: any): string[] => [
  payload.scenes[0].background.source_url,
  ...payload.scenes[0].clips.filter((c: any) => c.type === 'image').map((c: any) => c.source_url),
];

describe('asset paths in TSX', () => {
  it("resolve against the module that wrote the element, so a library's image works from every video", async () => {
    const logo = pathToFileURL(path.join(dir, 'lib', 'brand', 'logo one.png')).href;
    for (const [video, folder] of [
      ['videos/a.tsx', 'videos'],
      ['videos/spring/b.tsx', 'videos/spring'],
    ] as const) {
      const { payload } = await compileFile(path.join(dir, video), { variant: 'B', cwd: dir });
      const missing = pathToFileURL(path.join(dir, folder, 'missing.png')).href;
      expect(sources(payload)).toEqual([pathToFileURL(path.join(dir, folder, 'bg.png')).href, logo, missing, missing]);
    }
  });

  it('warn once per missing file, at the line that first names it', async () => {
    const { warnings } = await compileFile(path.join(dir, 'videos', 'a.tsx'), { variant: 'B', cwd: dir });
    const assets = warnings.filter((w) => w.message.includes('names no file'));
    expect(assets.map(formatIssue)).toEqual([
      '⚠ <Image> src "./missing.png" names no file (looked for videos/missing.png); the video would show nothing there\n' +
        '  → at videos/a.tsx:8:7 <Image>',
    ]);
  });

  it('map the asset folder to assetBaseUrl, each path segment URL-encoded', async () => {
    const { payload } = await compileFile(path.join(dir, 'videos', 'spring', 'b.tsx'), {
      variant: 'B',
      cwd: dir,
      assetBaseUrl: 'https://cdn.example.com/site/',
    });
    expect(sources(payload)).toEqual([
      'https://cdn.example.com/site/videos/spring/bg.png',
      'https://cdn.example.com/site/lib/brand/logo%20one.png',
      'https://cdn.example.com/site/videos/spring/missing.png',
      'https://cdn.example.com/site/videos/spring/missing.png',
    ]);
    expect(hostedAddress('https://h.example/a//', path.join('x', 'y z.png'))).toBe('https://h.example/a/x/y%20z.png');
  });

  it('refuse a file outside the folder assetBaseUrl maps, at its element', async () => {
    const error = await compileFile(path.join(dir, 'videos', 'a.tsx'), {
      variant: 'B',
      cwd: dir,
      assetBaseUrl: 'https://cdn.example.com/site',
      assetRoot: 'videos',
    }).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    const errors = (error as { issues: { severity: string }[] }).issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => formatIssue(i as never))).toEqual([
      '✖ <Image> src "brand/logo one.png" is outside the asset folder videos that assetBaseUrl maps; move the file into it or choose another assetRoot (in <Logo> at videos/a.tsx:7:7)\n' +
        '  → at lib/logo.tsx:4:10 <Image>',
    ]);
  });
});
