import { describe, expect, it } from 'vitest';
import { sceneScripts, sceneSpeech } from './scene-scripts.js';

describe('sceneSpeech', () => {
  it('reads variant A scripts[0].org, else the speaking aiModel clip of variant B, with its language', () => {
    const payload = {
      scenes: [
        {
          scripts: [{ org: '<p>A</p>' }, { org: 'ignored' }],
          clips: [{ type: 'aiModel', model: { language: 'ko-KR' } }],
        },
        {
          clips: [
            { type: 'aiModel', isDelete: true, script: { org: 'deleted' }, model: { language: 'fr' } },
            { type: 'aiModel', script: { org: '<p>B</p>' }, model: { language: 'en' } },
          ],
        },
        { clips: [{ type: 'text', text: 'no speech' }] },
      ],
    };
    expect(sceneSpeech(payload, 'v3')).toEqual([
      { text: 'A', language: 'ko-KR' },
      { text: 'B', language: 'en' },
      { text: '', language: undefined },
    ]);
  });

  it('reads legacy AIModel.script and a legacy audio request as one scene', () => {
    expect(sceneSpeech({ scenes: [{ AIModel: { script: '<p>Hi</p>', language: 'en' } }, {}] }, 'legacy')).toEqual([
      { text: 'Hi', language: 'en' },
      { text: '', language: undefined },
    ]);
    expect(sceneSpeech({ text: 'Hello there', language: 'de' }, 'audio')).toEqual([
      { text: 'Hello there', language: 'de' },
    ]);
  });

  it('reads a payload without scenes as none', () => {
    expect(sceneSpeech(null, 'v3')).toEqual([]);
    expect(sceneSpeech({ scenes: 'x' }, 'legacy')).toEqual([]);
  });
});

describe('sceneScripts', () => {
  it('is the text of each scene', () => {
    expect(sceneScripts({ scenes: [{ scripts: [{ org: '<p>Hi</p>' }] }, { AIModel: {} }] }, 'v3')).toEqual(['Hi', '']);
  });
});
