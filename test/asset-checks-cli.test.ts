import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { ledger } from './batch-helpers.js';
import { runVsynth, type VsynthRun } from './run-vsynth.js';

const KEY = 'sandbox-key';
let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-assets-cli-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), apiKeys: [KEY], exportSeconds: 0, fsync: false });
  await mkdir(join(dir, 'project', 'lib', 'brand'), { recursive: true });
  await mkdir(join(dir, 'project', 'videos'), { recursive: true });
  await writeFile(join(dir, 'project', 'lib', 'brand', 'logo.png'), 'png bytes');
  await writeFile(
    join(dir, 'project', 'lib', 'logo.tsx'),
    "import { Image } from '@vsynth/jsx-runtime';\n\n" +
      'export const Logo = () => <Image src="./brand/logo.png" left={10} top={10} width={100} height={100} />;\n',
  );
  await writeFile(
    join(dir, 'project', 'videos', 'promo.tsx'),
    [
      "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
      "import { Logo } from '../lib/logo.js';",
      '',
      'export default (',
      '  <Video>',
      '    <Scene background="./bg.png">',
      '      <Logo />',
      '      <Text>Spring sale</Text>',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'project', 'videos', 'bg.png'), 'png bytes');
  await writeFile(
    join(dir, 'project', 'videos', 'welcome.tsx'),
    [
      "import { Scene, Text, Video } from '@vsynth/jsx-runtime';",
      "import { Logo } from '../lib/logo.js';",
      '',
      'export default ({ name }: { name: string }) => (',
      '  <Video name={`Welcome ${name}`}>',
      '    <Scene>',
      '      <Logo />',
      '      <Text left={200} top={400} width={1200} height={100}>{`Welcome, ${name}`}</Text>',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n'),
  );
  await writeFile(join(dir, 'project', 'people.csv'), 'name\nAna\nBo\n');
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function vsynth(args: string[]): Promise<VsynthRun> {
  const env = {
    PATH: process.env['PATH'],
    HOME: process.env['HOME'],
    VSYNTH_BASE_URL: sandbox.url,
    VSYNTH_API_KEY: KEY,
  };
  return runVsynth(args, { cwd: join(dir, 'project'), env, inheritEnv: false });
}

describe('local assets are refused before sending', () => {
  it('submit of a TSX video with local assets exits 3 naming each, and sends nothing', async () => {
    const before = (await ledger(sandbox.url)).length;
    const run = await vsynth(['submit', 'videos/promo.tsx', '--variant', 'B']);
    expect(run.code).toBe(3);
    const bg = pathToFileURL(join(dir, 'project', 'videos', 'bg.png')).href;
    const logo = pathToFileURL(join(dir, 'project', 'lib', 'brand', 'logo.png')).href;
    expect(run.stderr).toContain(
      `vsynth: Invalid videos/promo.tsx: 2 problems\n✖ source_url ${JSON.stringify(bg)} is a local file, which the ` +
        'service cannot fetch: upload the file and use its http(s) address (compile with --asset-base-url to map ' +
        'the asset folder)\n  → at scenes[0].background.source_url\n',
    );
    expect(run.stderr).toContain(`✖ source_url ${JSON.stringify(logo)} is a local file`);
    expect(run.stderr).toContain('  → at scenes[0].clips[0].source_url\n');
    expect((await ledger(sandbox.url)).length).toBe(before);
  });

  it('submit of a JSON payload with a relative path exits 3, and sends nothing', async () => {
    const payload = {
      scenes: [
        {
          sceneIdx: 0,
          background: { source_type: 'image', source_url: 'assets/bg.png' },
          clips: [{ id: 't', type: 'textImage', layer: 1, top: 0, left: 0, width: 10, height: 10, text: 'Hi' }],
        },
      ],
    };
    await writeFile(join(dir, 'project', 'local.json'), JSON.stringify(payload));
    const before = (await ledger(sandbox.url)).length;
    const run = await vsynth(['submit', 'local.json']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('✖ source_url "assets/bg.png" is a relative path on your disk');
    expect(run.stderr).toContain('  → at scenes[0].background.source_url');
    expect((await ledger(sandbox.url)).length).toBe(before);
  });

  it('--asset-base-url maps the asset folder to the hosted address, and the project is created', async () => {
    const before = (await ledger(sandbox.url)).length;
    const run = await vsynth([
      'submit',
      'videos/promo.tsx',
      '--variant',
      'B',
      '--asset-base-url',
      'https://cdn.example.com/site',
    ]);
    expect(run.stderr).not.toContain('✖');
    expect(run.code).toBe(0);
    const entries = await ledger(sandbox.url);
    expect(entries.length).toBe(before + 1);
    const body = entries.at(-1)?.body as any;
    expect(body.scenes[0].background.source_url).toBe('https://cdn.example.com/site/videos/bg.png');
    expect(body.scenes[0].clips[0].source_url).toBe('https://cdn.example.com/site/lib/brand/logo.png');
  });

  it('batch: a TSX template naming a local asset sends no row; --asset-base-url maps it and every row is sent', async () => {
    const args = ['batch', '--template', 'videos/welcome.tsx', '--variant', 'B', '--data', 'people.csv'];
    const before = (await ledger(sandbox.url)).length;
    const refused = await vsynth([...args, '--events', 'none', '--journal', 'refused.journal']);
    const logo = pathToFileURL(join(dir, 'project', 'lib', 'brand', 'logo.png')).href;
    expect(refused.stderr).toContain(`✖ source_url ${JSON.stringify(logo)} is a local file`);
    expect(refused.stderr).toContain('vsynth: The batch finished with 2 failed (invalid: 2).');
    expect(refused.code).toBe(6);
    expect((await ledger(sandbox.url)).length).toBe(before);
    const mapped = await vsynth([...args, '--asset-base-url', 'https://cdn.example.com/site', '--events', 'none']);
    expect(mapped.stderr).not.toContain('✖');
    expect(mapped.code).toBe(0);
    const sent = (await ledger(sandbox.url)).slice(before).map((entry) => entry.body as any);
    expect(sent.map((body) => [body.name, body.scenes[0].clips[0].source_url]).sort()).toEqual([
      ['Welcome Ana', 'https://cdn.example.com/site/lib/brand/logo.png'],
      ['Welcome Bo', 'https://cdn.example.com/site/lib/brand/logo.png'],
    ]);
  });

  it('batch refuses --asset-base-url with a JSON template (exit 2)', async () => {
    const run = await vsynth([
      'batch',
      '--template',
      'modify.json',
      '--data',
      'people.csv',
      '--asset-base-url',
      'https://cdn.example.com/site',
    ]);
    expect(run.stderr).toContain('--asset-base-url and --asset-root apply to a TSX template');
    expect(run.code).toBe(2);
  });

  it('refuses an --asset-base-url that is not http(s) (exit 2)', async () => {
    const run = await vsynth(['compile', 'videos/promo.tsx', '--asset-base-url', 'ftp://files.example.com']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--asset-base-url "ftp://files.example.com" is not an http(s) address');
  });

  it('vsynth assets lists each local file once with size, content hash and its hosted address', async () => {
    const run = await vsynth(['assets', 'videos/promo.tsx', '--asset-base-url', 'https://cdn.example.com/site/']);
    expect(run.code).toBe(0);
    const hash = `sha256:${createHash('sha256').update('png bytes').digest('hex')}`;
    expect(JSON.parse(run.stdout)).toEqual([
      {
        file: 'videos/bg.png',
        size: 9,
        hash,
        address: 'https://cdn.example.com/site/videos/bg.png',
        usedAt: ['scenes[0].background.source_url'],
      },
      {
        file: 'lib/brand/logo.png',
        size: 9,
        hash,
        address: 'https://cdn.example.com/site/lib/brand/logo.png',
        usedAt: ['scenes[0].clips[0].source_url'],
      },
    ]);
  });
});
