import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { ledger } from './batch-helpers.js';
import { REPO_ROOT, runVsynth, type VsynthRun } from './run-vsynth.js';

let dir: string;

/** The source of a one-scene video whose scene holds `body`; its first line is line 7 of the file. */
function oneSceneVideo(body: readonly string[]): string {
  return [
    "import { Avatar, Scene, Shape, Text, Video } from '@vsynth/jsx-runtime';",
    "import { anna } from './avatars.js';",
    '',
    'export default (',
    '  <Video>',
    '    <Scene>',
    ...body,
    '    </Scene>',
    '  </Video>',
    ');',
    '',
  ].join('\n');
}
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-strict-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'data'), exportSeconds: 0, fsync: false });
  await writeFile(
    join(dir, 'offcanvas.tsx'),
    oneSceneVideo([
      '      <Text left={100} top={100} width={800} height={100}>Spring sale</Text>',
      '      <Shape shape="Circle" fill="#ff0000" left={2200} top={100} width={100} height={100} />',
    ]),
  );
  // A TSX batch template whose `left` column places a title: row 2 puts it off the canvas.
  await writeFile(
    join(dir, 'placed.tsx'),
    [
      "import { Avatar, Scene, Text, Video } from '@vsynth/jsx-runtime';",
      "import { anna } from './avatars.js';",
      '',
      'export default ({ name, left }: { name: string; left: string }) => (',
      '  <Video name={`Hello ${name}`}>',
      '    <Scene>',
      '      <Text left={Number(left)} top={100} width={800} height={100}>{`Hello ${name}`}</Text>',
      '      <Avatar model={anna} x={0.22}>{`Welcome, ${name}.`}</Avatar>',
      '    </Scene>',
      '  </Video>',
      ');',
      '',
    ].join('\n'),
  );
  await writeFile(
    join(dir, 'overflow.tsx'),
    oneSceneVideo([
      '      <Avatar model={anna} x={0.22}>Hello.</Avatar>',
      '      <Text fontFamily="DejaVu Sans" left={100} top={100} width={600} height={200}>',
      "        {'One\\nTwo\\nThree\\nFour\\nFive\\nSix'}",
      '      </Text>',
    ]),
  );
  // Japanese wrapped by its width, Arabic by its words: each needs more lines than its box holds.
  await writeFile(
    join(dir, 'scripts.tsx'),
    oneSceneVideo([
      '      <Avatar model={anna} x={0.22}>Hello.</Avatar>',
      '      <Text left={100} top={100} width={500} height={80} fontSize={48}>',
      '        新しい製品ツアーへようこそ。今年の新機能をご紹介します。',
      '      </Text>',
      '      <Text left={100} top={600} width={700} height={80} fontSize={48}>',
      '        مرحبا بكم في جولة المنتج الجديدة لهذا العام',
      '      </Text>',
    ]),
  );
  await copyFile(join(REPO_ROOT, 'packages/create-vsynth/templates/common/avatars.ts'), join(dir, 'avatars.ts'));
  const greeting = join(REPO_ROOT, 'examples/batch/greeting');
  await copyFile(join(greeting, 'modify.json'), join(dir, 'modify.json'));
  const base = await readFile(join(greeting, 'video.tsx'), 'utf8');
  await writeFile(join(dir, 'greeting.tsx'), base.replaceAll("'../../avatars.js'", "'./avatars.js'"));
  await writeFile(
    join(dir, 'names.csv'),
    'firstName,city,company,offer,discount,validUntil\n' +
      'Ana,Lisbon,Acme,Pro plan,0.2,2027-01-10\n' +
      'Bartholomew-Alexandros Papadopoulos-Richardson,Oslo,Acme,Pro plan,0.2,2027-01-10\n',
  );
  await writeFile(join(dir, 'people.csv'), 'name,left\nAna,100\nBo,2200\nCy,300\n');
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

function vsynth(args: string[]): Promise<VsynthRun> {
  const env = { PATH: process.env['PATH'], HOME: process.env['HOME'], VSYNTH_BASE_URL: sandbox.url };
  return runVsynth(args, { cwd: dir, env: { ...env, VSYNTH_API_KEY: 'sandbox-key' }, inheritEnv: false });
}

const OVERFLOW =
  '⚠ text needs 6 lines, 334 px high, in a box 200 px high: 134 px run past its bottom; enlarge the box, ' +
  'shorten the text or lower fontSize\n  → at overflow.tsx:8:7 <Text> · scenes[0].clips[1].text\n';

const OFF_CANVAS =
  '✖ shape clip 100×100 at (2200, 100) is wholly off the 1920×1080 canvas; it will not be seen\n' +
  '  → at offcanvas.tsx:8:7 <Shape> · scenes[0].clips[1]\n';

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

  it('preview --strict exits 3 before drawing: the --out folder is not made', async () => {
    const strict = await vsynth(['preview', 'offcanvas.tsx', '--variant', 'B', '--out', 'drawn', '--strict']);
    expect(strict.code).toBe(3);
    expect(strict.stderr).toContain(OFF_CANVAS);
    expect(existsSync(join(dir, 'drawn'))).toBe(false);
  });

  it('preview names text overflowing its box, measured, at its line; --strict exits 3 after drawing', async () => {
    const loose = await vsynth(['preview', 'overflow.tsx', '--variant', 'B', '--out', 'overflow', '--scale', '0.25']);
    expect(loose.code, loose.stderr).toBe(0);
    expect(loose.stderr).toContain(OVERFLOW);
    const strict = await vsynth(['preview', 'overflow.tsx', '--variant', 'B', '--out', 'strict', '--strict']);
    expect(strict.code).toBe(3);
    expect(strict.stderr).toContain(OVERFLOW.replace('⚠', '✖'));
    expect(strict.stdout).toBe('');
    const unchecked = await vsynth([
      'preview',
      'overflow.tsx',
      '--out',
      'unchecked',
      '--scale',
      '0.25',
      '--strict',
      '--no-checks',
    ]);
    expect(unchecked.code, unchecked.stderr).toBe(0);
    expect(unchecked.stderr).not.toContain('run past');
  });

  it('compile measures text in its box with the same fonts, at its line; --no-checks skips every check', async () => {
    const measured = await vsynth(['compile', 'overflow.tsx', '--variant', 'B']);
    expect(measured.code, measured.stderr).toBe(0);
    expect(measured.stderr).toBe(OVERFLOW);
    const unmeasured = await vsynth(['compile', 'overflow.tsx', '--variant', 'B', '--strict', '--no-checks']);
    expect(unmeasured.code, unmeasured.stderr).toBe(0);
    expect(unmeasured.stderr).toBe('');
    expect(JSON.parse(unmeasured.stdout)).toHaveProperty('scenes');
    // Validation's own warnings (this video is silent) stay: only the checks go.
    const unchecked = await vsynth(['compile', 'offcanvas.tsx', '--variant', 'B', '--no-checks']);
    expect(unchecked.code, unchecked.stderr).toBe(0);
    expect(unchecked.stderr).not.toContain('off the');
    expect(unchecked.stderr).toContain('the video will be silent');
  });

  it('batch --strict: the dry run names the row whose video warns (exit 3); a run sends the others only', async () => {
    const args = ['batch', '--template', 'placed.tsx', '--variant', 'B', '--data', 'people.csv', '--events', 'none'];
    const before = (await ledger(sandbox.url)).length;
    const dry = await vsynth([...args, '--dry-run', '--strict']);
    expect(dry.code).toBe(3);
    expect(dry.stderr).toBe(
      '✖ textImage clip 800×100 at (2200, 100) is wholly off the 1920×1080 canvas; it will not be seen\n' +
        '  → at people.csv row 2 · placed.tsx:7:7 <Text> · scenes[0].clips[0]\n' +
        'vsynth: dry run: 2 of 3 rows would send 2 create requests, an estimated 4 cubes; 1 would fail. Nothing was sent.\n' +
        'vsynth: The dry run found 1 row that would fail (listed above); fix the data or the template.\n',
    );
    const run = await vsynth([...args, '--strict', '--out', 'results.csv']);
    expect(run.code, run.stderr).toBe(6);
    const sent = (await ledger(sandbox.url)).slice(before).map((entry) => entry.body.name);
    expect(sent.sort()).toEqual(['Hello Ana', 'Hello Cy']);
    const results = await readFile(join(dir, 'results.csv'), 'utf8');
    expect(results.split('\n')[2]).toMatch(/^2,.*,failed,invalid,/);
  });

  it("batch measures each row's text in its box on the --slots-from video: the long name is named by row and column", async () => {
    const args = ['batch', '--template', 'modify.json', '--slots-from', 'greeting.tsx', '--data', 'names.csv'];
    const dry = await vsynth([...args, '--project-pool', 'p1', '--dry-run', '--events', 'none']);
    expect(dry.code, dry.stderr).toBe(0);
    const warned = dry.stderr.split('\n').filter((line) => line.includes('run past'));
    expect(warned).toEqual([
      'vsynth: warning: "Hello Bartholomew-Alexandros Papadopoulos-Richardson!": text needs 3 lines, 251 px high, ' +
        'in a box 180 px high: 71 px run past its bottom; enlarge the box, shorten the text or lower fontSize',
    ]);
    expect(dry.stderr).toContain('  → at row 2, column firstName · scenes[0].clips[1].text\n');
    const strict = await vsynth([...args, '--project-pool', 'p1', '--dry-run', '--events', 'none', '--strict']);
    expect(strict.code).toBe(3);
    expect(strict.stderr).toContain('  → at names.csv row 2, column firstName · scenes[0].clips[1].text\n');
    expect(strict.stderr).toContain('1 of 2 rows would send 1 modify request');
    const unmeasured = await vsynth([
      ...args,
      '--project-pool',
      'p1',
      '--dry-run',
      '--events',
      'none',
      '--no-measure-text',
    ]);
    expect(unmeasured.code).toBe(0);
    expect(unmeasured.stderr).not.toContain('run past');
  });

  it('compile measures Japanese and Arabic text with their fonts, each at its <Text>', async () => {
    const run = await vsynth(['compile', 'scripts.tsx', '--variant', 'B']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toBe(
      '⚠ text needs 3 lines, 167 px high, in a box 80 px high: 87 px run past its bottom; enlarge the box, ' +
        'shorten the text or lower fontSize\n  → at scripts.tsx:8:7 <Text> · scenes[0].clips[1].text\n' +
        '⚠ text needs 2 lines, 111 px high, in a box 80 px high: 31 px run past its bottom; enlarge the box, ' +
        'shorten the text or lower fontSize\n  → at scripts.tsx:11:7 <Text> · scenes[0].clips[2].text\n',
    );
  });

  it('submit --strict exits 3 and sends nothing to the sandbox, for a check of compile and for measured text', async () => {
    const before = (await ledger(sandbox.url)).length;
    const run = await vsynth(['submit', 'offcanvas.tsx', '--variant', 'B', '--strict']);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(OFF_CANVAS);
    const measured = await vsynth(['submit', 'overflow.tsx', '--variant', 'B', '--strict']);
    expect(measured.code).toBe(3);
    expect(measured.stderr).toContain(OVERFLOW.replace('⚠', '✖'));
    const scripts = await vsynth(['submit', 'scripts.tsx', '--variant', 'B', '--strict']);
    expect(scripts.code).toBe(3);
    expect(scripts.stderr).toContain('vsynth: Invalid scripts.tsx (--strict): 2 problems');
    expect((await ledger(sandbox.url)).length).toBe(before);
  });
});
