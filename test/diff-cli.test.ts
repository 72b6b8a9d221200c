/**
 * `vsynth diff` from the real CLI: each kind of change to a TSX video is reported as exactly that
 * change; identical videos exit 0 with no output, different ones 1, invalid sides 3, usage 2.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, runVsynth } from './run-vsynth.js';

let dir: string;
beforeAll(async () => {
  await mkdir(path.join(REPO_ROOT, 'tmp'), { recursive: true });
  dir = await mkdtemp(path.join(REPO_ROOT, 'tmp', 'diff-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface Parts {
  readonly titleLeft?: number;
  readonly speech?: string;
  readonly title?: string;
  readonly avatar?: string;
  readonly swap?: boolean;
}

/** A two-scene video; each option changes one thing. */
function video(p: Parts = {}): string {
  const first = `    <Scene background="#101820">
      <Avatar model={${p.avatar ?? 'anna'}} x={0.25} y={0.05}>${p.speech ?? 'Spring is here, and so is our biggest update yet.'}</Avatar>
      <Text tag="title" left={${p.titleLeft ?? 120}} top={80} fontSize={72}>${p.title ?? 'Spring launch'}</Text>
    </Scene>`;
  const second = `    <Scene background="https://cdn.example.com/bg.jpg">
      <Avatar model={minhoCasual} x={-0.2} y={0.05}>Exports now finish in seconds.</Avatar>
      <Shape shape="Circle" left={1500} top={100} width={200} height={200} fill="#ffc400" />
    </Scene>`;
  return `import { Avatar, Scene, Shape, Text, Video } from '@vsynth/jsx-runtime';
import { anna, minhoCasual } from '../../examples/avatars.js';

export default (
  <Video name="Diff test">
${p.swap === true ? `${second}\n${first}` : `${first}\n${second}`}
  </Video>
);
`;
}

async function write(name: string, text: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, text);
  return file;
}

async function diffJson(a: string, b: string) {
  const run = await runVsynth(['diff', a, b, '--json']);
  expect(run.stderr).toBe('');
  return { code: run.code, diff: JSON.parse(run.stdout) };
}

describe('vsynth diff', () => {
  let base: string;
  beforeAll(async () => {
    base = await write('base.tsx', video());
  });

  it('exits 0 with no output for the same video, also against its compiled JSON of the other variant', async () => {
    const same = await runVsynth(['diff', base, await write('copy.tsx', video())]);
    expect(same).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const compiled = await runVsynth(['compile', base, '--variant', 'B']);
    const json = await write('base-b.json', compiled.stdout);
    expect(await runVsynth(['diff', base, json])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('reports a moved clip as a move by Δx, Δy and nothing else', async () => {
    const { code, diff } = await diffJson(base, await write('moved.tsx', video({ titleLeft: 160 })));
    expect(code).toBe(1);
    expect(diff.changes).toEqual([
      { kind: 'moved', at: { scene: 0, clip: 1, type: 'textImage', label: '"Spring launch"' }, dx: 40, dy: 0 },
    ]);
    const text = await runVsynth(['diff', base, path.join(dir, 'moved.tsx')]);
    expect(text.stdout.split('\n')[0]).toBe('scene 0 clip 1 textImage "Spring launch": moved Δx +40 px, Δy 0 px');
  });

  it('reports a changed word of the speech and of a text, word by word, and nothing else', async () => {
    const speech = await diffJson(
      base,
      await write('speech.tsx', video({ speech: 'Spring is here, and so is our largest update yet.' })),
    );
    expect(speech.code).toBe(1);
    expect(speech.diff.changes).toEqual([
      {
        kind: 'script',
        scene: 0,
        before: 'Spring is here, and so is our biggest update yet.',
        after: 'Spring is here, and so is our largest update yet.',
        words: [
          { op: '=', text: 'Spring is here, and so is our' },
          { op: '-', text: 'biggest' },
          { op: '+', text: 'largest' },
          { op: '=', text: 'update yet.' },
        ],
      },
    ]);
    const title = await runVsynth(['diff', base, await write('title.tsx', video({ title: 'Spring sale' }))]);
    expect(title.code).toBe(1);
    expect(title.stdout.split('\n').slice(0, -2)).toEqual([
      'scene 0 clip 1 textImage "Spring sale": text changed: Spring [-launch-] {+sale+}',
    ]);
  });

  it('reports swapped scenes as one reorder and nothing else', async () => {
    const { code, diff } = await diffJson(base, await write('swapped.tsx', video({ swap: true })));
    expect(code).toBe(1);
    expect(diff.changes).toEqual([{ kind: 'scenes-reordered', order: [1, 0] }]);
    expect(diff.before).toEqual(diff.after);
  });

  it('reports a changed avatar as that change only, with duration and cubes before and after', async () => {
    const { code, diff } = await diffJson(base, await write('avatar.tsx', video({ avatar: 'minhoCasual' })));
    expect(code).toBe(1);
    expect(diff.changes).toEqual([
      {
        kind: 'avatar',
        at: { scene: 0, clip: 0, type: 'aiModel', label: 'minho (casual_white_shirt)' },
        before: { ai_name: 'anna', emotion: 'business_suit_navy' },
        after: { ai_name: 'minho', emotion: 'casual_white_shirt' },
      },
    ]);
    expect(diff.before).toMatchObject({ scenes: 2, cubes: expect.any(Number), durationSeconds: expect.any(Number) });
  });

  it('prints the estimate line and exits 1 for scenes added and removed', async () => {
    const one = video().replace(/ {4}<Scene background="https:[\s\S]*?<\/Scene>\n/, '');
    const run = await runVsynth(['diff', base, await write('one.tsx', one)]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^scene 1 \(before\): removed \(2 clips, says "Exports now finish in seconds\."\)\nestimate: [\d.]+ s, \d+ cubes?, 2 scenes → [\d.]+ s, \d+ cubes?, 1 scene\n$/,
    );
  });

  it('exits 3 for an invalid side and 2 for a missing one', async () => {
    const bad = await write('bad.json', JSON.stringify({ scenes: [{ sceneIdx: 0, clips: [] }] }));
    const invalid = await runVsynth(['diff', base, bad]);
    expect(invalid.code).toBe(3);
    expect(invalid.stderr).toContain('→ at scenes[0].background');
    const missing = await runVsynth(['diff', base, path.join(dir, 'none.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
  });

  it('reads a stored project record, in its {success, data} envelope or as `vsynth find` prints it, as the project it holds', async () => {
    const example = (name: string): string => path.join(REPO_ROOT, 'examples/payloads', name);
    const v3 = JSON.parse(await readFile(example('create-variant-a.json'), 'utf8'));
    const wrapped = await write(
      'record-v3.json',
      JSON.stringify({ success: true, data: { key: 'p-1', format: 'v3', project: v3 } }),
    );
    expect(await runVsynth(['diff', example('create-variant-a.json'), wrapped])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: '',
    });
    const legacy = JSON.parse(await readFile(example('legacy.json'), 'utf8'));
    const found = await write(
      'record-legacy.json',
      JSON.stringify({ success: true, key: 'k-1', format: 'legacy', project: legacy }),
    );
    expect(await runVsynth(['diff', example('legacy.json'), found])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // The record's project is what is compared: a change inside it is reported.
    v3.scenes[1].background.source_color = 'rgb(0,0,0)';
    const changed = await runVsynth([
      'diff',
      example('create-variant-a.json'),
      await write('record-changed.json', JSON.stringify({ success: true, data: { format: 'v3', project: v3 } })),
    ]);
    expect(changed.code).toBe(1);
    expect(changed.stdout.split('\n')[0]).toBe('scene 1: background rgb(240,244,248) → rgb(0,0,0)');
  });

  it('exits 3 for an invalid stored record, locating the problem inside it, and for JSON that holds no project', async () => {
    const v3 = JSON.parse(await readFile(path.join(REPO_ROOT, 'examples/payloads/create-variant-a.json'), 'utf8'));
    delete v3.scenes[1].background;
    const bad = await write(
      'record-bad.json',
      JSON.stringify({ success: true, data: { key: 'p-1', format: 'v3', project: v3 } }),
    );
    const invalid = await runVsynth(['diff', base, bad]);
    expect(invalid).toMatchObject({ code: 3, stdout: '' });
    expect(invalid.stderr).toContain(
      `Invalid ${bad} as a project create request: 1 problem\n✖ background is required: expected an object, received nothing\n  → at data.project.scenes[1].background\n`,
    );
    const none = await write('no-project.json', JSON.stringify({ name: 'Spring launch' }));
    const empty = await runVsynth(['diff', none, base]);
    expect(empty).toMatchObject({ code: 3, stdout: '' });
    expect(empty.stderr).toContain(
      `Invalid ${none}: 1 problem\n✖ expected a v3 create request, a legacy project request or a stored project record; found no "scenes" array\n  → at scenes\n`,
    );
  });

  it('compares a legacy payload with its own compile as equal', async () => {
    const legacy = path.join(REPO_ROOT, 'examples/payloads/legacy.json');
    expect(await runVsynth(['diff', legacy, legacy])).toMatchObject({ code: 0, stdout: '' });
  });

  it('compiles a component .tsx with --props before comparing', async () => {
    const file = path.join(REPO_ROOT, 'examples/library-demo.tsx');
    const props = path.join(REPO_ROOT, 'examples/library-demo.props.json');
    const compiled = await runVsynth(['compile', file, '--props', props]);
    expect(compiled.code, compiled.stderr).toBe(0);
    const json = await write('library-demo.json', compiled.stdout);
    expect(await runVsynth(['diff', file, json, '--props', props])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const without = await runVsynth(['diff', file, json]);
    // Without them the component renders its defaults: another video.
    expect(without.code).toBe(1);
  });
});
