import { describe, expect, expectTypeOf, it } from 'vitest';
import { formatPath } from '../errors/format-issues.js';
import { isValidationError, type ValidationError } from '../errors/validation-error.js';
import type { LegacyProjectRequest } from '../schemas/legacy-project.js';
import { checkRequest } from '../validate/check-request.js';
import { legacyBackgroundToV3 } from './legacy-background-to-v3.js';
import { LEGACY_DEFAULT_LAYERS } from './legacy-default-layers.js';
import { legacyProjectToV3, type LegacyProjectLike } from './legacy-project-to-v3.js';

const legacy = {
  scenes: [
    {
      AIModel: {
        model: 'anna',
        clothes: 'suit_blue',
        language: 'ko',
        script: '안녕하세요',
        locationX: 0,
        locationY: 0,
      },
      clips: [
        { type: 'background', detail: { url: 'https://cdn.example.com/office.png' } },
        {
          type: 'image',
          detail: { url: 'https://cdn.example.com/logo.png', scale: 0.5, locationX: 0.3, locationY: -0.3 },
        },
        {
          type: 'text',
          detail: { textSource: 'Spring sale', scale: 1.5, locationY: 0.25, layer: 600, font: 'Nanum Gothic' },
        },
      ],
    },
    {
      AIModel: {
        model: 'ben',
        clothes: 'casual',
        language: 'en',
        script: 'Hi',
        locationX: -0.25,
        locationY: 0.1,
        scale: 0.8,
        layer: 100,
      },
      clips: [
        { type: 'image', detail: { url: 'https://cdn.example.com/photo.jpg' } },
        { type: 'video', detail: { url: 'https://cdn.example.com/clip.mp4' } },
      ],
    },
  ],
};

const ben = {
  ai_name: 'ben',
  emotion: 'casual',
  language: 'en',
  editor: { scale: 0.5 },
  editorValue: { modelTightW: 600, modelTightH: 1200 },
};

function thrownBy(run: () => unknown): ValidationError {
  try {
    run();
  } catch (error) {
    if (isValidationError(error)) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

describe('legacyProjectToV3', () => {
  it('converts every scene to a variant A scene with the legacy geometry', () => {
    const { payload, warnings } = legacyProjectToV3(legacy, {
      orientation: 'landscape',
      avatars: [{ name: 'ben', model: ben }],
      imageSizes: { 'https://cdn.example.com/logo.png': { width: 800, height: 600 } },
    });
    expect(payload).toEqual({
      orientation: 'landscape',
      scenes: [
        {
          sceneIdx: 0,
          scripts: [{ org: '안녕하세요', isTTS: false, tts: null, modelId: 'anna', clothId: 'suit_blue' }],
          background: {
            id: 'background',
            type: 'background',
            source_type: 'image',
            source_url: 'https://cdn.example.com/office.png',
          },
          clips: [
            {
              id: 'aiModel-0',
              name: 'aiModel-0',
              type: 'aiModel',
              layer: 300,
              left: 0,
              top: 0,
              width: 1920,
              height: 1080,
              scaleX: 1,
              scaleY: 1,
              model: { ai_name: 'anna', emotion: 'suit_blue', language: 'ko' },
            },
            {
              // displayed 480 x 360 centred on (1536, 216)
              id: 'image-0-1',
              name: 'image-0-1',
              type: 'image',
              layer: 500,
              left: 1296,
              top: 36,
              width: 800,
              height: 600,
              scaleX: 0.6,
              scaleY: 0.6,
              source_url: 'https://cdn.example.com/logo.png',
            },
            {
              // fontSize 72, box 11 * 0.6 em = 475.2 by 86.4 centred on (960, 810)
              id: 'textImage-0-2',
              name: 'textImage-0-2',
              type: 'textImage',
              layer: 600,
              left: 722.4,
              top: 766.8,
              width: 475.2,
              height: 86.4,
              scaleX: 1,
              scaleY: 1,
              text: 'Spring sale',
              fontSize: 72,
              fontFamily: 'Nanum Gothic',
            },
          ],
        },
        {
          sceneIdx: 1,
          scripts: [{ org: 'Hi', isTTS: false, tts: null, modelId: 'ben', clothId: 'casual' }],
          background: { id: 'background', type: 'background', source_type: 'color', source_color: 'rgb(255,255,255)' },
          clips: [
            {
              // tight 600 x 1200, displayed 600 * 0.8 * 0.5 = 240 by 480 centred on (480, 648)
              id: 'aiModel-1',
              name: 'aiModel-1',
              type: 'aiModel',
              layer: 100,
              left: 360,
              top: 408,
              width: 600,
              height: 1200,
              scaleX: 0.8,
              scaleY: 0.8,
              model: ben,
            },
            {
              id: 'image-1-0',
              name: 'image-1-0',
              type: 'image',
              layer: 500,
              left: 480,
              top: 60,
              width: 960,
              height: 960,
              scaleX: 1,
              scaleY: 1,
              source_url: 'https://cdn.example.com/photo.jpg',
            },
          ],
        },
      ],
    });
    expect(warnings.map((w) => [w.severity, formatPath(w.path), w.message])).toEqual([
      [
        'warning',
        'scenes[0].AIModel',
        'No avatar in options.avatars has ai_name "anna" and emotion "suit_blue": laid out with the canvas size 1920x1080 as its tight size; pass its model object in options.avatars to lay it out exactly',
      ],
      [
        'warning',
        'scenes[1].clips[0].detail.url',
        'No natural size for image "https://cdn.example.com/photo.jpg" in options.imageSizes: laid out as a 960x960 square; pass its size to place it exactly',
      ],
      ['warning', 'scenes[1].clips[1].type', 'Legacy clip type "video" is not image, background or text: dropped'],
    ]);
    // The output passes every strict rule of a create request, without quirks.
    expect(checkRequest('create', payload)).toEqual({ ok: true, value: payload, warnings: [] });
  });

  it('lays out on the portrait canvas and uses the legacy defaults', () => {
    const { payload } = legacyProjectToV3(
      {
        scenes: [
          {
            AIModel: { model: 'ben', clothes: 'casual', language: 'en', script: 'Hi', locationX: 0, locationY: 0 },
            clips: [{ type: 'text', detail: { textSource: '세일' } }],
          },
        ],
      },
      { orientation: 'portrait', avatars: [ben] },
    );
    const [avatar, text] = payload.scenes[0]?.clips ?? [];
    // tight 600 x 1200 at editor scale 0.5: 300 x 600 centred on (540, 960)
    expect(avatar).toMatchObject({ layer: LEGACY_DEFAULT_LAYERS.aiModel, left: 390, top: 660, scaleX: 1 });
    // 2 CJK characters at 48 px: 96 x 57.6
    expect(text).toMatchObject({
      layer: LEGACY_DEFAULT_LAYERS.clip,
      left: 492,
      top: 931.2,
      fontSize: 48,
      fontFamily: 'Noto Sans',
    });
  });

  it('keeps the first background of a scene and warns about the others', () => {
    const { payload, warnings } = legacyProjectToV3({
      scenes: [
        {
          AIModel: { model: 'a', clothes: 'b', script: 's', locationX: 0, locationY: 0 },
          clips: [
            { type: 'background', detail: { url: 'one.png' } },
            { type: 'background', detail: { url: 'two.png' } },
          ],
        },
      ],
    });
    expect(payload.scenes[0]?.background).toEqual(legacyBackgroundToV3('one.png'));
    expect(warnings.map((w) => formatPath(w.path))).toEqual(['scenes[0].AIModel', 'scenes[0].clips[1]']);
  });

  it('reports every problem of the payload at once, with its path', () => {
    const error = thrownBy(() =>
      legacyProjectToV3({
        scenes: [
          { clips: [{ type: 'image', detail: { scale: 1 } }] },
          {
            AIModel: { model: 'a', clothes: '', script: 's', locationX: 0, locationY: 0, scale: -2 },
            clips: [{ type: 'text', detail: { locationX: 'left' as unknown as number } }, { type: 'image' }],
          },
        ],
      } as LegacyProjectLike),
    );
    expect(error.message.startsWith('Invalid legacy project: 5 problems')).toBe(true);
    expect(error.issues.map((i) => [formatPath(i.path), i.message])).toEqual([
      ['scenes[0].AIModel', 'A legacy scene needs an "AIModel" object (the avatar)'],
      ['scenes[0].clips[0].detail.url', 'A legacy image or background clip needs "detail.url" (the image address)'],
      ['scenes[1].AIModel.clothes', 'A legacy AIModel needs "clothes" (a non-empty string), received ""'],
      ['scenes[1].clips[0].detail.locationX', 'Geometry needs a finite number here, received "left"'],
      ['scenes[1].clips[1].detail', 'A legacy clip needs a "detail" object'],
    ]);
  });

  it('refuses what would not be a valid v3 clip: a fractional layer, a position out of numeric range', () => {
    const input = structuredClone(legacy);
    input.scenes[0]!.AIModel.layer = 2.5;
    input.scenes[1]!.clips[0]!.detail = { url: 'https://cdn.example.com/photo.jpg', locationX: 1e306 };
    const error = thrownBy(() => legacyProjectToV3(input));
    expect(error.issues.map((i) => [formatPath(i.path), i.message])).toEqual([
      ['scenes[0].AIModel.layer', 'Geometry needs an integer here, received 2.5'],
      [
        'scenes[1].clips[0].detail',
        'The legacy placement is out of numeric range (it gives left Infinity): use locations and scales of a sensible size',
      ],
    ]);
  });

  it('keeps an empty script (a silent scene)', () => {
    const input = structuredClone(legacy);
    input.scenes[0]!.AIModel.script = '';
    expect(legacyProjectToV3(input).payload.scenes[0]?.scripts?.[0]?.org).toBe('');
  });

  it('rejects a payload without scenes and an orientation it cannot lay out', () => {
    expect(thrownBy(() => legacyProjectToV3({} as LegacyProjectLike)).issues[0]?.message).toBe(
      'A legacy project needs a "scenes" array',
    );
    expect(thrownBy(() => legacyProjectToV3({ scenes: [] })).issues[0]?.message).toBe(
      'A legacy project needs at least one scene, received an empty "scenes" array',
    );
    expect(thrownBy(() => legacyProjectToV3(legacy, { orientation: 'square' })).issues[0]?.message).toBe(
      'Orientation "square" cannot be laid out: use one of landscape, portrait',
    );
  });

  it('accepts the schema type of a legacy request', () => {
    expectTypeOf<LegacyProjectRequest>().toExtend<LegacyProjectLike>();
  });
});
