import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { diffPayloads } from './diff-payloads.js';
import { formatVideoDiff } from './format-video-diff.js';
import { formatWordDiff, wordDiff } from './word-diff.js';

type AnyJson = Record<string, any>;
const load = (name: string): AnyJson =>
  JSON.parse(readFileSync(new URL(`../fixtures/payloads/${name}`, import.meta.url), 'utf8'));

describe('diffPayloads', () => {
  it('finds nothing between a payload and a copy with other clip ids, sceneIdx and key order', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    b.scenes[0].clips[1].id = 'other';
    b.scenes[0].clips[1].name = 'other';
    b.scenes[1].sceneIdx = 7;
    b.scenes[0].clips[0] = Object.fromEntries(Object.entries(b.scenes[0].clips[0]).reverse());
    const diff = diffPayloads(a, b);
    expect(diff).toMatchObject({ equal: true, changes: [] });
    expect(formatVideoDiff(diff)).toBe('');
  });

  it('reports a scaled image as resized (about its corner: not moved) and a changed fill as a field', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    b.scenes[0].clips[2].scaleX = 1;
    b.scenes[0].clips[2].scaleY = 1;
    b.scenes[0].clips[0].fill = '#000000';
    const diff = diffPayloads(a, b);
    // In clip order within the scene.
    expect(diff.changes).toEqual([
      {
        kind: 'field',
        at: { scene: 0, clip: 0, type: 'shape', label: 'Rectangle_corner0' },
        field: 'fill',
        before: '#ffd166',
        after: '#000000',
      },
      {
        kind: 'resized',
        at: { scene: 0, clip: 2, type: 'image', label: 'logo.png' },
        before: { width: 256, height: 128 },
        after: { width: 512, height: 256 },
      },
    ]);
    expect(formatVideoDiff(diff)).toContain('scene 0 clip 2 image logo.png: resized 256×128 → 512×256 px\n');
  });

  it('reports a clip added and one removed, a background and a layer change', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    const [shape] = b.scenes[0].clips.splice(0, 1);
    b.scenes[1].clips.push({ ...shape, id: 'new-shape', name: 'new-shape' });
    b.scenes[1].background = { id: 'background', type: 'background', source_type: 'color', source_color: 'rgb(0,0,0)' };
    b.scenes[0].clips[0].layer = 9;
    const diff = diffPayloads(a, b);
    expect(diff.changes.map((c) => c.kind).sort()).toEqual(['background', 'clip-added', 'clip-removed', 'layer']);
    expect(formatVideoDiff(diff)).toContain('scene 1: background rgb(240,244,248) → rgb(0,0,0)\n');
  });

  it('reports a background that one side leaves out as changed from or to "undefined", and two left out as equal', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    delete b.scenes[1].background;
    expect(formatVideoDiff(diffPayloads(a, b))).toContain('scene 1: background rgb(240,244,248) → undefined\n');
    expect(formatVideoDiff(diffPayloads(b, a))).toContain('scene 1: background undefined → rgb(240,244,248)\n');
    expect(diffPayloads(b, structuredClone(b))).toMatchObject({ equal: true, changes: [] });
  });

  it('counts cubes before and after and adds the duration from the given estimator', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    b.scenes.push(structuredClone(b.scenes[1]));
    b.scenes[2].scripts[0].org = 'A third scene with something entirely new to say about shipping.';
    const diff = diffPayloads(a, b, { estimateDuration: (p) => (p['scenes'] as unknown[]).length * 2 });
    expect(diff.changes).toEqual([
      { kind: 'scene-added', scene: 2, label: '4 clips, says "A third scene with something entirely n…"' },
    ]);
    expect(diff.before.durationSeconds).toBe(4);
    expect(diff.after.durationSeconds).toBe(6);
    expect(diff.after.cubes).toBeGreaterThan(diff.before.cubes);
  });
});

describe('wordDiff', () => {
  it('marks removed then added words, joining runs', () => {
    expect(formatWordDiff(wordDiff('Spring launch is today', 'Spring sale starts today'))).toBe(
      'Spring [-launch is-] {+sale starts+} today',
    );
    expect(wordDiff('', 'new words')).toEqual([{ op: '+', text: 'new words' }]);
    expect(wordDiff('same', 'same')).toEqual([{ op: '=', text: 'same' }]);
  });
});

describe('diffPayloads on variants', () => {
  it('finds variant A and B of one video equal, the deleted stand-in avatar of A included', () => {
    const a = load('create-variant-a.json');
    const b = structuredClone(a);
    for (const scene of b.scenes) {
      const avatar = scene.clips.find((c: AnyJson) => c.type === 'aiModel');
      avatar.script = { org: scene.scripts[0].org, tts: null };
      delete scene.scripts;
    }
    b.scenes[1].clips.push({ ...b.scenes[1].clips[3], id: 'stand-in', isDelete: true, script: { org: '', tts: null } });
    expect(diffPayloads(a, b).changes).toEqual([]);
  });
});
