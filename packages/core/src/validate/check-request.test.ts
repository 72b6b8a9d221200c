import { describe, expect, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { isValidationError } from '../errors/validation-error.js';
import { UsageError } from '../errors/usage-error.js';
import type { Issue } from '../errors/issue.js';
import { checkRequest } from './check-request.js';
import { parseRequest } from './parse-request.js';
import { loadExample } from './test-payloads.js';

function issuesOf(result: ReturnType<typeof checkRequest>): Issue[] {
  return result.ok ? result.warnings : result.issues;
}

function errorsAt(result: ReturnType<typeof checkRequest>): Record<string, string> {
  return Object.fromEntries(
    issuesOf(result)
      .filter((i) => i.severity === 'error')
      .map((i) => [formatPath(i.path), i.message]),
  );
}

function warningsAt(result: ReturnType<typeof checkRequest>): Record<string, string> {
  return Object.fromEntries(
    issuesOf(result)
      .filter((i) => i.severity === 'warning')
      .map((i) => [formatPath(i.path), `${i.code}: ${i.message}`]),
  );
}

describe('checkRequest create, variant A', () => {
  it('rejects a scene with two script entries', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[0].scripts.push({ ...payload.scenes[0].scripts[0] });
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].scripts': 'scripts must hold exactly 1 entry, received 2 entries',
    });
  });

  it('rejects an empty scripts array', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[1].scripts = [];
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[1].scripts': 'scripts must hold exactly 1 entry, received 0 entries',
    });
  });

  it('rejects a scene without scripts when another scene has them', () => {
    const payload = loadExample('create-variant-a');
    delete payload.scenes[1].scripts;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[1].scripts':
        'scripts is required: this is a variant A payload (scenes[0] carries scripts), so every scene needs exactly one script entry',
    });
  });

  it('names both sides when modelId and clothId differ from the avatar clip', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[0].scripts[0].modelId = 'ben';
    payload.scenes[0].scripts[0].clothId = 'casual_grey';
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].scripts[0].modelId':
        'modelId "ben" does not match the avatar clip\'s model.ai_name "anna" (scenes[0].clips[3])',
      'scenes[0].scripts[0].clothId':
        'clothId "casual_grey" does not match the avatar clip\'s model.emotion "suit_navy" (scenes[0].clips[3])',
    });
  });

  it('matches against the avatar clip not marked isDelete, and warns about the deleted one', () => {
    const payload = loadExample('create-variant-a');
    const deleted = structuredClone(payload.scenes[0].clips[3]);
    deleted.id = 'aiModel-ghost';
    deleted.isDelete = true;
    deleted.model.ai_name = 'ghost';
    payload.scenes[0].clips.unshift(deleted);
    const result = checkRequest('create', payload);
    expect(result.ok).toBe(true);
    expect(warningsAt(result)).toEqual({
      'scenes[0].clips[0].isDelete':
        'quirk: aiModel clip "aiModel-ghost" has isDelete: true; it is not shown (the service\'s own projects carry such a clip in scenes without a speaking avatar)',
    });
  });

  it('matches against the first avatar clip when every one is deleted', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[1].clips[3].isDelete = true;
    payload.scenes[1].scripts[0].modelId = 'ben';
    const result = checkRequest('create', payload);
    expect(errorsAt(result)).toEqual({
      'scenes[1].scripts[0].modelId':
        'modelId "ben" does not match the avatar clip\'s model.ai_name "anna" (scenes[1].clips[3])',
    });
  });

  it('rejects a variant A scene without an avatar clip', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[1].clips.pop();
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[1].clips':
        'scenes[1] has no aiModel clip, but variant A needs one whose model matches scripts[0].modelId "anna" and clothId "suit_navy"',
    });
  });

  it('enforces isTTS:false ⇒ tts:null and isTTS:true ⇒ tts object', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[0].scripts[0].tts = { voice: 'en-US-1' };
    payload.scenes[1].scripts[0].isTTS = true;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].scripts[0].tts': "tts must be null when isTTS is false (the avatar's own voice), received an object",
      'scenes[1].scripts[0].tts': 'tts must hold the TTS data (an object) when isTTS is true, received null',
    });
    payload.scenes[0].scripts[0].isTTS = true;
    payload.scenes[1].scripts[0].tts = { voice: 'en-US-2', speed: 1 };
    expect(checkRequest('create', payload).ok).toBe(true);
  });

  it('reports a missing script field with what was expected', () => {
    const payload = loadExample('create-variant-a');
    delete payload.scenes[0].scripts[0].modelId;
    delete payload.scenes[0].scripts[0].tts;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].scripts[0].modelId': 'modelId is required: expected a string, received nothing',
      'scenes[0].scripts[0].tts': 'tts is required: expected an object or null, received nothing',
    });
  });
});

describe('checkRequest create, quirks and fields', () => {
  it('warns about a repeated sceneIdx, unknown fields and an unknown orientation, and stays valid', () => {
    const payload = loadExample('create-variant-b');
    payload.scenes[1].sceneIdx = 0;
    payload.scenes[0].clips[0].colour = 'red';
    payload.orientation = 'square';
    const result = checkRequest('create', payload);
    expect(result.ok).toBe(true);
    expect(warningsAt(result)).toEqual({
      'scenes[1].sceneIdx': 'quirk: sceneIdx 0 repeats (first used by scenes[0]); scenes play in array order',
      'scenes[0].clips[0].colour':
        'quirk: unknown field "colour" is kept as given; the service may ignore it (check its spelling)',
      orientation:
        'rule: orientation "square" is neither landscape nor portrait; vsynth cannot lay it out (preview and legacy conversion will fail)',
    });
  });

  it('range-checks the clip fields the spec does not show', () => {
    const payload = loadExample('create-variant-a');
    const [badge, title, logo] = payload.scenes[0].clips;
    badge.shapeName = 'Blob';
    badge.shadow = { blur: 11 };
    title.opacity = 0;
    title.animation = { type: 'spin', duration: 0, delay: 31 };
    title.fontStyle = 'bold';
    logo.angle = '90';
    const [video, , audio] = payload.scenes[1].clips;
    video.volume = 101;
    audio.volume = 0;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].clips[0].shapeName': expect.stringMatching(
        /^shapeName must be one of "Line_v2", .*"Rectangle_corner0", received "Blob"$/,
      ),
      'scenes[0].clips[0].shadow.blur': 'blur must be at most 10, received 11',
      'scenes[0].clips[1].opacity': 'opacity must be at least 1, received 0',
      'scenes[0].clips[1].animation.type': expect.stringMatching(
        /^type must be one of "fade-in", .*"zoom-out", received "spin"$/,
      ),
      'scenes[0].clips[1].animation.duration': 'duration must be at least 1, received 0',
      'scenes[0].clips[1].animation.delay': 'delay must be at most 30, received 31',
      'scenes[0].clips[1].fontStyle': 'fontStyle must be one of "normal", "italic", "oblique", received "bold"',
      'scenes[0].clips[2].angle': 'angle must be a number, received "90"',
      'scenes[1].clips[0].volume': 'volume must be at most 100, received 101',
      'scenes[1].clips[2].volume': 'volume must be at least 1, received 0',
    });
  });

  it('rejects an unknown clip type and a missing one at the type field', () => {
    const payload = loadExample('create-variant-a');
    payload.scenes[0].clips[0].type = 'sticker';
    delete payload.scenes[0].clips[1].type;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[0].clips[0].type':
        'type must be one of "aiModel", "shape", "image", "textImage", "videoImage", "audio", received "sticker"',
      'scenes[0].clips[1].type':
        'type is required: expected one of "aiModel", "shape", "image", "textImage", "videoImage", "audio", received nothing',
    });
  });

  it('rejects a payload with no scenes and a non-object root', () => {
    expect(errorsAt(checkRequest('create', { scenes: [] }))).toEqual({
      scenes: 'scenes must hold at least 1 entry, received 0 entries',
    });
    expect(errorsAt(checkRequest('create', [1, 2]))).toEqual({
      '(root)': 'the payload must be an object, received an array of 2 entries',
    });
  });

  it('round-trips a payload from the wild without losing anything', () => {
    const wild = loadExample('create-variant-a');
    wild.projectVersion = 7;
    wild.scenes[0].transition = { type: 'fade', duration: 0.5 };
    const avatar = wild.scenes[0].clips[3];
    avatar.flipX = false;
    avatar.effects = [{ type: 'headOnly', strength: 0.3 }];
    avatar.model.editor.rotation = 0;
    avatar.model.deployImage.webp_src = 'https://cdn.example.com/models/anna/suit_navy/org.webp';
    avatar.model.voices = [{ id: 'v1', gender: 'female' }];
    wild.scenes[1].background.blur = 2;
    const original = JSON.stringify(wild);
    const result = checkRequest('create', wild);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.stringify(result.value)).toBe(original);
    expect(JSON.stringify(wild)).toBe(original); // the input is not mutated
    expect(result.warnings.map((w) => formatPath(w.path))).toEqual([
      // document order
      'scenes[0].clips[3].effects[0].strength',
      'scenes[0].clips[3].model.editor.rotation',
      'scenes[0].clips[3].model.deployImage.webp_src',
      'scenes[0].clips[3].model.voices',
      'scenes[0].clips[3].flipX',
      'scenes[0].transition',
      'scenes[1].background.blur',
      'projectVersion',
    ]);
  });
});

describe('checkRequest variant B', () => {
  it('warns when no scene carries speech', () => {
    const payload = loadExample('create-variant-b');
    for (const scene of payload.scenes) for (const clip of scene.clips) delete clip.script;
    const result = checkRequest('create', payload);
    expect(result.ok).toBe(true);
    expect(warningsAt(result)).toEqual({
      scenes:
        'rule: no scene carries speech: neither scenes[].scripts (variant A) nor an aiModel clip script (variant B); the video will be silent',
    });
  });

  it('requires org in the clip script', () => {
    const payload = loadExample('create-variant-b');
    delete payload.scenes[1].clips[1].script.org;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'scenes[1].clips[1].script.org': 'org is required: expected a string, received nothing',
    });
  });
});

describe('checkRequest modify, edit, legacy', () => {
  it('rejects modify keys outside the pattern and warns about two keys for one clip', () => {
    const result = checkRequest('modify', {
      projectId: 'p1',
      updates: { title: 'A', title_0: 'B', Title_1: 'C', scripts_x: 'D' },
      isExport: true,
    });
    expect(errorsAt(result)).toEqual({
      'updates.Title_1':
        'updates key "Title_1" must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)',
      'updates.scripts_x':
        'updates key "scripts_x" must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)',
    });
    expect(warningsAt(result)).toEqual({
      'updates.title_0':
        'rule: "title_0" and "title" both address title index 0; which one wins is not defined, keep one',
    });
  });

  it('warns that a modify webhook without isExport never fires', () => {
    const result = checkRequest('modify', {
      projectId: 'p1',
      updates: { title: 'A' },
      webhookUrl: 'https://h.example/x',
    });
    expect(warningsAt(result)).toEqual({
      webhookUrl:
        'rule: webhookUrl is set but isExport is false by default: nothing is exported, so no delivery will come; set isExport: true',
    });
  });

  it('rejects an edit change of an unknown type and a negative sceneIdx', () => {
    const payload = loadExample('edit');
    payload.updates.value[0].type = 'avatar';
    payload.updates.value[2].sceneIdx = -1;
    expect(errorsAt(checkRequest('edit', payload))).toEqual({
      'updates.value[0].type':
        'type must be one of "aiModel", "shape", "image", "textImage", "videoImage", "audio", "background", received "avatar"',
      'updates.value[2].sceneIdx': 'sceneIdx must be at least 0, received -1',
    });
  });

  it('requires detail.url for legacy image and background clips but not for text', () => {
    const payload = loadExample('legacy');
    delete payload.scenes[0].clips[0].detail.url;
    delete payload.scenes[0].clips[2].detail.textSource;
    const result = checkRequest('legacy', payload);
    expect(errorsAt(result)).toEqual({
      'scenes[0].clips[0].detail.url': 'url is required: expected a string, received nothing',
    });
    expect(warningsAt(result)).toEqual({
      'scenes[0].clips[2].detail.textSource': 'rule: text clip has no textSource: it shows nothing',
    });
  });

  it('rejects a legacy scale that is not above 0 (it cannot be laid out)', () => {
    const payload = loadExample('legacy');
    payload.scenes[0].AIModel.scale = 0;
    payload.scenes[0].clips[1].detail.scale = -0.5;
    expect(errorsAt(checkRequest('legacy', payload))).toEqual({
      'scenes[0].AIModel.scale': 'scale must be greater than 0, received 0',
      'scenes[0].clips[1].detail.scale': 'scale must be greater than 0, received -0.5',
    });
  });

  it('rejects a legacy scene whose AIModel lacks its midpoint', () => {
    const payload = loadExample('legacy');
    delete payload.scenes[1].AIModel.locationY;
    expect(errorsAt(checkRequest('legacy', payload))).toEqual({
      'scenes[1].AIModel.locationY': 'locationY is required: expected a number, received nothing',
    });
  });
});

describe('checkRequest on values built in code', () => {
  it('reports a cycle at its path instead of looping', () => {
    const payload = loadExample('create-variant-b');
    const data: Record<string, unknown> = { voice: 'calm' };
    data['again'] = data;
    data['more'] = data;
    payload.dictionary = data;
    expect(errorsAt(checkRequest('create', payload))).toEqual({
      'dictionary.again': 'dictionary.again refers back to dictionary (a cycle); a request body must be JSON data',
    });
  });

  it('accepts one object shared by two places (not a cycle)', () => {
    const payload = loadExample('create-variant-b');
    payload.scenes[1].background = payload.scenes[0].background;
    expect(checkRequest('create', payload).ok).toBe(true);
  });

  it('reports a getter that throws instead of throwing', () => {
    const payload = loadExample('modify');
    Object.defineProperty(payload.updates, 'title', {
      enumerable: true,
      get() {
        throw new Error('not loaded yet');
      },
    });
    expect(errorsAt(checkRequest('modify', payload))).toEqual({
      'updates.title': 'updates.title could not be read (not loaded yet); a request body must be JSON data',
    });
  });

  it('reports a revoked proxy, a throwing getter at the top and a cycle through open data without throwing', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const getter = () => {
      throw new Error('nope');
    };
    const throwing = Object.defineProperty({}, 'scenes', { enumerable: true, get: getter });
    const cyclic = loadExample('create-variant-b');
    cyclic.dictionary = { words: [] };
    cyclic.dictionary.words.push(cyclic.dictionary);
    expect(errorsAt(checkRequest('create', proxy))['(root)']).toMatch(/^\(root\) could not be read \(.*revoked.*\)/);
    expect(errorsAt(checkRequest('create', throwing))).toEqual({
      scenes: 'scenes could not be read (nope); a request body must be JSON data',
    });
    expect(errorsAt(checkRequest('create', cyclic))).toEqual({
      'dictionary.words[0]':
        'dictionary.words[0] refers back to dictionary (a cycle); a request body must be JSON data',
    });
  });

  it('returns a copy: changing the value leaves the input as it was', () => {
    const input = loadExample('create-variant-a');
    const before = JSON.stringify(input);
    const result = checkRequest('create', input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    (result.value.scenes[0] as any).sceneIdx = 99;
    (result.value as any).extra = 1;
    expect(JSON.stringify(input)).toBe(before);
  });

  it('copies an own "__proto__" field of open data as a field', () => {
    const input = loadExample('create-variant-b');
    input.dictionary = JSON.parse('{"__proto__": {"words": ["a"]}, "z": 1}');
    const result = checkRequest('create', input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const dictionary = result.value.dictionary as Record<string, unknown>;
    expect(Object.getPrototypeOf(dictionary)).toBe(Object.prototype);
    expect(Object.keys(dictionary)).toEqual(['__proto__', 'z']);
    expect(JSON.stringify(result.value)).toBe(JSON.stringify(input));
  });

  it('keeps a "__proto__" field of parsed JSON as an own field, and rejects it as a modify key', () => {
    const text = '{"language":"ko","text":"안녕하세요","__proto__":{"polluted":true}}';
    const result = checkRequest('legacy-audio', JSON.parse(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.stringify(result.value)).toBe(text);
    expect(Object.getPrototypeOf(result.value)).toBe(Object.prototype);
    expect(errorsAt(checkRequest('modify', JSON.parse('{"projectId":"p1","updates":{"__proto__":"x"}}')))).toEqual({
      'updates.__proto__':
        'updates key "__proto__" must be title, subtitles or scripts, optionally followed by _ and an index (e.g. title_2)',
    });
  });
});

describe('parseRequest', () => {
  it('returns value and warnings', () => {
    const payload = loadExample('legacy-audio');
    payload.voiceSpeed = 1.2;
    const { value, warnings } = parseRequest('legacy-audio', payload);
    expect(value.text).toBe(payload.text);
    expect(value['voiceSpeed']).toBe(1.2);
    expect(warnings).toHaveLength(1);
  });

  it('throws one ValidationError listing every issue', () => {
    const payload = loadExample('modify');
    delete payload.projectId;
    payload.isExport = 'yes';
    try {
      parseRequest('modify', payload, { subject: 'row 3' });
      expect.unreachable();
    } catch (error) {
      expect(isValidationError(error)).toBe(true);
      expect((error as Error).message).toBe(
        [
          'Invalid row 3: 2 problems',
          '✖ projectId is required: expected a string, received nothing',
          '  → at projectId',
          '✖ isExport must be true or false, received "yes"',
          '  → at isExport',
        ].join('\n'),
      );
    }
  });

  it('rejects an unknown kind with a UsageError listing the kinds', () => {
    expect(() => checkRequest('project' as 'create', {})).toThrow(UsageError);
    expect(() => checkRequest('project' as 'create', {})).toThrow(
      'use one of create, modify, edit, legacy, legacy-audio',
    );
  });
});
