import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { ledger } from './batch-helpers.js';
import { runVsynth, type VsynthRun } from './run-vsynth.js';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-strict-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), exportSeconds: 0, fsync: false });
  await writeFile(
    join(dir, 'offcanvas.tsx'),
    [
      "import { Scene, Shape, Text, Video } from '@vsynth/jsx-runtime';",
      '',
      'export default (',
      '  <Video>',
      '    <Scene>',
      '      <Text left={100} top={100} width={800} height={100}>Spring sale</Text>',
      '      <Shape shape="Circle" fill="#ff0000" left={2200} top={100} width={100} height={100} />',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n'),
  );
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function vsynth(args: string[]): Promise<VsynthRun> {
  const env = { PATH: process.env['PATH'], HOME: process.env['HOME'], VSYNTH_BASE_URL: sandbox.url };
  return runVsynth(args, { cwd: dir, env: { ...env, VSYNTH_API_KEY: 'sandbox-key' }, inheritEnv: false });
}

const OFF_CANVAS =
  '✖ shape clip 100×100 at (2200, 100) is wholly off the 1920×1080 canvas; it will not be seen\n' +
  '  → at offcanvas.tsx:7:7 <Shape> · scenes[0].clips[1]\n';

describe('--strict makes warnings errors', () => {
  it('compile warns at file:line:col and exits 0; with --strict exits 3 printing no payload', async () => {
    const loose = await vsynth(['compile', 'offcanvas.tsx', '--variant', 'B']);
    expect(loose.code).toBe(0);
    expect(loose.stderr).toContain(OFF_CANVAS.replace('✖', '⚠'));
    const strict = await vsynth(['compile', 'offcanvas.tsx', '--variant', 'B', '--strict']);
    expect(strict.code).toBe(3);
    expect(strict.stdout).toBe('');
    expect(strict.stderr).toContain('vsynth: Invalid offcanvas.tsx (--strict):');
    expect(strict.stderr).toContain(OFF_CANVAS);
  });

  it('submit --strict exits 3 and sends nothing to the sandbox', async () => {
    const before = (await ledger(sandbox.url)).length;
    const run = await vsynth(['submit', 'offcanvas.tsx', '--variant', 'B', '--strict']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(OFF_CANVAS);
    expect((await ledger(sandbox.url)).length).toBe(before);
  });
});
