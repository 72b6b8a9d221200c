import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { omitUndefined } from '@vsynth/core';
import { applyModify } from './apply-modify.js';
import { legacy, v3WithClipScripts, v3WithScripts } from './fixtures/stored-payloads.js';

const text = (id: string, tag: string | undefined) => ({
  id,
  type: 'textImage',
  ...omitUndefined({ tag }),
  text: id,
});
const payload = {
  scenes: [
    {
      scripts: [{ org: 'zero' }],
      clips: [text('a', 'title'), text('b', undefined), text('c', 'subtitles'), text('d', 'title')],
    },
    { scripts: [{ org: 'one' }], clips: [text('e', 'subtitles'), text('f', 'title')] },
  ],
};

describe('applyModify', () => {
  it('counts tagged clips across scenes in order, and leaves the input unchanged', () => {
    const result = applyModify(payload, { title: 'T0', title_2: 'T2', subtitles_1: 'S1', scripts_1: 'speech' }, 'v3');
    expect(result.ok).toBe(true);
    const scenes = (result as { payload: typeof payload }).payload.scenes;
    expect(scenes.flatMap((s) => s.clips.map((c) => c.text))).toEqual(['T0', 'b', 'c', 'd', 'S1', 'T2']);
    expect(scenes[1]!.scripts[0]!.org).toBe('speech');
    expect(payload.scenes[0]!.clips[0]!.text).toBe('a');
  });

  it('reports every key beyond the tagged clips or scenes', () => {
    const result = applyModify(payload, { subtitles_2: 'x', scripts_5: 'y' }, 'v3');
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          code: 'invalid_value',
          severity: 'error',
          path: ['updates', 'subtitles_2'],
          message:
            'Update key "subtitles_2" addresses subtitles clip 2, but the project has 2 clips tagged "subtitles"',
        },
        {
          code: 'invalid_value',
          severity: 'error',
          path: ['updates', 'scripts_5'],
          message: 'Update key "scripts_5" addresses scene 5, but the project has 2 scenes',
        },
      ],
    });
  });

  it('replaces a legacy scene script in AIModel', () => {
    const legacy = { scenes: [{ AIModel: { script: 'old' }, clips: [] }] };
    const result = applyModify(legacy, { scripts_0: 'new' }, 'legacy') as { ok: true; payload: typeof legacy };
    expect(result.payload.scenes[0]!.AIModel.script).toBe('new');
  });

  it('reports a scene that has no script to replace', () => {
    const result = applyModify({ scenes: [{ clips: [{ type: 'aiModel', isDelete: true }] }] }, { scripts: 'x' }, 'v3');
    expect(result.ok).toBe(false);
    expect((result as { issues: readonly { message: string }[] }).issues[0]!.message).toBe(
      'Update key "scripts" addresses scene 0, but scene 0 has no script to replace',
    );
  });
});

describe('applyModify on stored payloads of each shape', () => {
  const examples = { v3: [v3WithScripts, v3WithClipScripts], legacy: [legacy] } as const;
  const updatesArb = fc.dictionary(
    fc
      .tuple(
        fc.constantFrom('title', 'subtitles', 'scripts'),
        fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      )
      .map(([tag, n]) => (n === undefined ? tag : `${tag}_${n}`)),
    fc.string(),
    { maxKeys: 5 },
  );

  it('never changes the stored payload it starts from, over chains of modifies, and gives what a full copy gives', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(
          ...examples.v3.map((p) => ['v3', p] as const),
          ...examples.legacy.map((p) => ['legacy', p] as const),
        ),
        fc.array(updatesArb, { minLength: 1, maxLength: 4 }),
        ([format, start], chain) => {
          const revisions: { payload: unknown; json: string }[] = [{ payload: start, json: JSON.stringify(start) }];
          for (const updates of chain) {
            const current = revisions.at(-1)!.payload;
            const result = applyModify(current, updates, format);
            const fromCopy = applyModify(structuredClone(current), updates, format);
            expect(JSON.stringify(result)).toBe(JSON.stringify(fromCopy));
            if (result.ok) revisions.push({ payload: result.payload, json: JSON.stringify(result.payload) });
            for (const revision of revisions) expect(JSON.stringify(revision.payload)).toBe(revision.json);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
