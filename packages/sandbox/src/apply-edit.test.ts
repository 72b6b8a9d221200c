import { describe, expect, it } from 'vitest';
import { applyEdit } from './apply-edit.js';

describe('applyEdit', () => {
  it('sets a variant B script in the avatar clip and merges other values into it', () => {
    const payload = { scenes: [{ clips: [{ type: 'aiModel', script: { org: 'old', tts: null }, opacity: 100 }] }] };
    const result = applyEdit(
      payload,
      [{ sceneIdx: 0, type: 'aiModel', values: { script: 'new', opacity: 50 } }],
      'v3',
    ) as { ok: true; payload: typeof payload };
    expect(result.payload.scenes[0]!.clips[0]).toEqual({
      type: 'aiModel',
      script: { org: 'new', tts: null },
      opacity: 50,
    });
    expect(payload.scenes[0]!.clips[0]!.script.org).toBe('old');
  });

  it('maps legacy types onto AIModel and clip details', () => {
    const legacy = {
      scenes: [
        {
          AIModel: { script: 'old', scale: 1 },
          clips: [
            { type: 'image', detail: { url: 'a.png' } },
            { type: 'text', detail: { textSource: 'old', font: 'Noto Sans' } },
          ],
        },
      ],
    };
    const result = applyEdit(
      legacy,
      [
        { sceneIdx: 0, type: 'aiModel', values: { script: 'new', scale: 2 } },
        { sceneIdx: 0, type: 'textImage', values: { text: 'hi' } },
        { sceneIdx: 0, type: 'image', values: { url: 'b.png' } },
      ],
      'legacy',
    ) as { ok: true; payload: typeof legacy };
    expect(result.payload.scenes[0]!.AIModel).toEqual({ script: 'new', scale: 2 });
    expect(result.payload.scenes[0]!.clips).toEqual([
      { type: 'image', detail: { url: 'b.png' } },
      { type: 'text', detail: { textSource: 'hi', font: 'Noto Sans' } },
    ]);
  });

  it('reports a legacy type with no counterpart', () => {
    const result = applyEdit(
      { scenes: [{ AIModel: {}, clips: [] }] },
      [{ sceneIdx: 0, type: 'shape', values: {} }],
      'legacy',
    );
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { path: ['updates', 'value', 0, 'type'], message: 'Scene 0 of this legacy project has no shape clip to edit' },
      ],
    });
  });
});
