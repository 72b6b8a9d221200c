import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/validation-error.js';
import type { AiModelObject } from '../schemas/ai-model.js';
import { avatarTightSize } from './avatar-model.js';
import { displayedBox } from './displayed-box.js';
import { legacyAvatarToV3 } from './legacy-avatar-to-v3.js';
import type { CanvasOptions } from './resolve-canvas.js';
import { v3AvatarToLegacy } from './v3-avatar-to-legacy.js';

const side = fc.integer({ min: 16, max: 8192 });
// Named orientations and random wide and tall canvases.
const canvases: fc.Arbitrary<CanvasOptions> = fc.oneof(
  fc.constantFrom('landscape', 'portrait').map((orientation) => ({ orientation })),
  fc.tuple(side, side).map(([a, b]) => ({ canvas: { width: Math.max(a, b), height: Math.min(a, b) } })),
  fc.tuple(side, side).map(([a, b]) => ({ canvas: { width: Math.min(a, b), height: Math.max(a, b) } })),
);
const tightSide = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 1, max: 10_000, noNaN: true }));
const scale = fc.double({ min: 0.01, max: 10, noNaN: true });
const location = fc.double({ min: -2, max: 2, noNaN: true });
const editorScale = fc.option(fc.double({ min: 0.05, max: 5, noNaN: true }), { nil: undefined });

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

const anna: AiModelObject = {
  ai_name: 'anna',
  emotion: 'suit_blue',
  language: 'en',
  editor: { scale: 0.5, modelTightW: 1, modelTightH: 1 },
  editorValue: { modelTightW: 600, modelTightH: 1000, scale: 1 },
  origin: { width: 1080, height: 1920 },
};

describe('legacyAvatarToV3', () => {
  it('keeps the tight size, scales by s and centres the displayed box on the legacy midpoint', () => {
    expect(
      legacyAvatarToV3(
        { locationX: 0, locationY: 0, scale: 1 },
        { orientation: 'landscape', tightWidth: 600, tightHeight: 1000 },
      ),
    ).toEqual({
      left: 660,
      top: 40,
      width: 600,
      height: 1000,
      scaleX: 1,
      scaleY: 1,
    });
    expect(
      legacyAvatarToV3(
        { locationX: 0.25, locationY: 0.1, scale: 0.5 },
        { orientation: 'portrait', tightWidth: 600, tightHeight: 1000 },
      ),
    ).toEqual({
      // centre (810, 1152), displayed 300 x 500
      left: 660,
      top: 902,
      width: 600,
      height: 1000,
      scaleX: 0.5,
      scaleY: 0.5,
    });
  });

  it('reads the tight size from model.editorValue and applies model.editor.scale to the displayed size', () => {
    const box = legacyAvatarToV3({ locationX: 0, locationY: 0, scale: 1 }, { orientation: 'landscape', model: anna });
    // tight 600 x 1000 (editorValue, not editor or origin), displayed 300 x 500 at editor scale 0.5
    expect(box).toEqual({ left: 810, top: 290, width: 600, height: 1000, scaleX: 1, scaleY: 1 });
    expect(displayedBox({ type: 'aiModel', ...box, model: anna })).toEqual({
      left: 810,
      top: 290,
      width: 300,
      height: 500,
    });
  });

  it('lets explicit tightWidth/tightHeight win over the model', () => {
    const box = legacyAvatarToV3({ locationX: 0, locationY: 0 }, { model: anna, tightWidth: 200, tightHeight: 400 });
    expect(box).toEqual({ left: 910, top: 440, width: 200, height: 400, scaleX: 1, scaleY: 1 });
  });

  it('refuses to place an avatar without a tight size', () => {
    let thrown: unknown;
    try {
      legacyAvatarToV3(
        { locationX: 0, locationY: 0 },
        { model: { editor: { scale: 1 } }, path: ['scenes', 2, 'AIModel'] },
      );
    } catch (error) {
      thrown = error;
    }
    expect(isValidationError(thrown)).toBe(true);
    if (!isValidationError(thrown)) return;
    expect(thrown.issues[0]?.path).toEqual(['scenes', 2, 'AIModel']);
    expect(thrown.issues[0]?.message).toBe(
      'A legacy avatar needs its tight size to be placed: pass tightWidth and tightHeight, or a model whose editorValue has modelTightW and modelTightH above 0',
    );
    expect(() => legacyAvatarToV3({}, { tightWidth: 100 })).toThrow(/→ at tightHeight/);
  });

  it('rejects a model.editor.scale that is not a positive number', () => {
    expect(() => legacyAvatarToV3({}, { tightWidth: 1, tightHeight: 1, model: { editor: { scale: 0 } } })).toThrow(
      /received 0\n {2}→ at model\.editor\.scale/,
    );
  });

  it('round-trips legacy -> v3 -> legacy within 1e-9 over random canvases, tight sizes, scales and positions', () => {
    fc.assert(
      fc.property(
        canvases,
        tightSide,
        tightSide,
        editorScale,
        scale,
        location,
        location,
        (canvas, tw, th, editor, s, x, y) => {
          const model = {
            editor: editor === undefined ? {} : { scale: editor },
            editorValue: { modelTightW: tw, modelTightH: th },
          };
          const box = legacyAvatarToV3({ scale: s, locationX: x, locationY: y }, { ...canvas, model });
          expect(box.width).toBe(tw);
          expect(box.height).toBe(th);
          const back = v3AvatarToLegacy({ ...box, model }, canvas);
          expectClose(back.scale, s);
          expectClose(back.locationX, x);
          expectClose(back.locationY, y);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('v3AvatarToLegacy', () => {
  it('inverts the known cases', () => {
    expect(
      v3AvatarToLegacy(
        { left: 660, top: 40, width: 600, height: 1000, scaleX: 1, scaleY: 1 },
        { orientation: 'landscape' },
      ),
    ).toEqual({
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
    expect(v3AvatarToLegacy({ left: 810, top: 290, width: 600, height: 1000, model: anna })).toEqual({
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
  });

  it('takes the longer side’s scale when scaleX and scaleY differ', () => {
    const tall = v3AvatarToLegacy({ left: 0, top: 0, width: 600, height: 1000, scaleX: 2, scaleY: 0.5 });
    expect(tall.scale).toBe(0.5);
    expect(tall.locationX).toBe(600 / 1920 - 0.5);
    expect(tall.locationY).toBe(250 / 1080 - 0.5);
    expect(v3AvatarToLegacy({ left: 0, top: 0, width: 1000, height: 600, scaleX: 2, scaleY: 0.5 }).scale).toBe(2);
  });
});

describe('avatarTightSize', () => {
  it('reads editorValue.modelTightW/H only, and only positive numbers', () => {
    expect(avatarTightSize(anna)).toEqual({ width: 600, height: 1000 });
    expect(avatarTightSize({ editor: { scale: 1 } })).toBeUndefined();
    expect(avatarTightSize({ editorValue: { modelTightW: 0, modelTightH: 10 } })).toBeUndefined();
    expect(avatarTightSize(undefined)).toBeUndefined();
  });
});
