import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, isValidationError } from '@vsynth/core';
import { compileFile } from '../load/compile-file.js';
import { importProject } from './import-project.js';
import { normaliseProject } from './normalise-project.js';

const examplePayload = async (name: string): Promise<Record<string, any>> =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vsynth-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the imported modules as files and compiles the TSX with the target and variant named. */
async function compileBack(input: unknown) {
  const result = await importProject(input);
  const sub = path.join(dir, String(n++));
  const { mkdir } = await import('node:fs/promises');
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

describe('importProject on sample payloads', () => {
  for (const name of ['create-variant-a.json', 'create-variant-b.json', 'legacy.json']) {
    it(`${name}: the TSX file compiles back to the payload`, async () => {
      const original = await examplePayload(name);
      const { result, payload } = await compileBack(original);
      expectRoundTrip(original, payload, name.startsWith('legacy') ? 'legacy' : 'v3');
      // Importing twice gives the same bytes.
      const again = await importProject(original);
      expect(again.tsx).toBe(result.tsx);
      expect(again.avatars).toBe(result.avatars);
    });
  }

  it('writes variant A readable: avatars by name, ids kept, defaults left out, fabric lock fields carried', async () => {
    const { tsx, avatars, carried, variant } = await importProject(await examplePayload('create-variant-a.json'));
    expect(variant).toBe('A');
    expect(tsx).toContain("import { anna } from './avatars.js';");
    expect(avatars.match(/export const \w+ = defineAvatar\(/g)).toEqual(['export const anna = defineAvatar(']);
    expect(tsx).toContain('background="https://cdn.example.com/backgrounds/studio-white.jpg"');
    expect(tsx).toContain('id="textImage-title"');
    expect(tsx).not.toContain('name: "textImage-title"');
    expect(tsx).toMatch(/>\n\s+Spring Sale: 30% off\n\s+<\/Text>/);
    // The speech holds <p> markup, which escaped children text cannot give back: it is sent as written.
    expect(tsx).toMatch(/ markup[\s>][\s\S]*\{"<p>Hello! Our spring sale starts today.<\/p>"\}/);
    expect(carried.some((c) => c.includes('scripts'))).toBe(false);
    expect(carried).toContain('scenes[0].thumbnailUrl');
    expect(carried).toContain('scenes[0].clips[3].lockMovementX');
    expect(carried.every((c) => !c.includes('.left') && !c.includes('.text'))).toBe(true);
  });

  it('writes legacy midpoints as x/y/scale and the script as children', async () => {
    const { tsx, avatars, carried, target } = await importProject(await examplePayload('legacy.json'));
    expect(target).toBe('legacy');
    expect(avatars).toBe('');
    expect(carried).toEqual([]);
    expect(tsx).toContain('<Avatar model="anna" clothes="suit_navy" language="ko" x={0.25} y={0.1} layer={300}>');
    expect(tsx).toContain(
      '<Image src="https://cdn.example.com/brand/logo.png" x={-0.3} y={0.35} scale={0.5} layer={500} />',
    );
  });

  it('reads a stored project record (vsynth find) and gives back its project', async () => {
    const project = await examplePayload('create-variant-b.json');
    const record = { success: true, key: 'p-1', format: 'v3', revision: 1, status: 'stored', project };
    const { payload, result } = await compileBack(record);
    expectRoundTrip(project, payload, 'v3');
    expect(result.tsx).toContain('in a stored project record');
  });

  it('reports an invalid payload with the located issues validate prints, and throws before writing anything', async () => {
    const bad = await examplePayload('create-variant-a.json');
    bad.scenes[0].clips[0].left = 'far';
    const error = await importProject(bad, { subject: 'bad.json' }).catch((e: unknown) => e);
    expect(isValidationError(error)).toBe(true);
    expect((error as Error).message).toContain('bad.json as a project create request');
    expect((error as { issues: { path: unknown[] }[] }).issues[0]?.path).toEqual(['scenes', 0, 'clips', 0, 'left']);
    const audio = await importProject(await examplePayload('legacy-audio.json')).catch((e: unknown) => e);
    expect((audio as Error).message).toMatch(
      /expected a v3 create request, a legacy project request or a stored project record; found the fields of a legacy audio request/,
    );
  });
});

describe('importProject escape hatches', () => {
  it('keeps text JSX would read differently, unknown fields, repeated ids and non-default names', async () => {
    const p = await examplePayload('create-variant-b.json');
    const clips = p.scenes[0].clips as Record<string, unknown>[];
    const text = clips.find((c) => c['type'] === 'textImage') as Record<string, unknown>;
    text['text'] = '  two\nlines & {braces} <b>  ';
    text['customField'] = { nested: [1, null, 'x'], __proto__: 'own field' };
    text['name'] = 'Headline';
    const { payload, result } = await compileBack(p);
    expectRoundTrip(p, payload, 'v3');
    expect(result.tsx).toContain(JSON.stringify('  two\nlines & {braces} <b>  '));
    expect(result.carried).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/clips\[\d\]\.customField$/),
        expect.stringMatching(/clips\[\d\]\.name$/),
      ]),
    );
  });

  it('carries values the props cannot take: an orientation with no canvas, null or extended shadow, string weights, odd backgrounds, repeated ids', async () => {
    const p = await examplePayload('create-variant-a.json');
    const [first, second] = p.scenes;
    p.orientation = 'square';
    delete first.clips[1].fontSize;
    first.clips[1].fontWeight = '600';
    first.clips[1].shadow.spread = 3;
    first.clips[0].shadow = null;
    first.clips[2].id = first.clips[0].id;
    first.clips.unshift(first.clips.pop());
    first.clips[3].tag = 'logo';
    second.background = {
      id: 'bg',
      type: 'background',
      source_type: 'video',
      source_url: 'https://cdn.example.com/loop.mp4',
    };
    second.scripts[0] = {
      ...second.scripts[0],
      org: 'Tom &amp; Jerry',
      isTTS: true,
      tts: { voice: 'en-US-1', speed: 1.1 },
    };
    const { payload, result } = await compileBack(p);
    expectRoundTrip(p, payload, 'v3');
    expect(result.carried).toEqual(
      expect.arrayContaining([
        'orientation',
        'scenes[0].clips[2].fontSize',
        'scenes[0].clips[2].fontWeight',
        'scenes[0].clips[2].shadow',
        'scenes[0].clips[1].shadow',
        'scenes[1].background.id',
        'scenes[0].clips[3].tag',
      ]),
    );
    // The TTS speech is children text with a tts prop, not carried.
    expect(result.tsx).toContain('tts={{ voice: "en-US-1", speed: 1.1 }}');
    expect(result.tsx).toMatch(/>\s*Tom & Jerry\s*</);
    expect(result.carried.some((c) => c.startsWith('scenes[1].scripts'))).toBe(false);
  });
});
