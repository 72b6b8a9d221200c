import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { legacyTextToV3 } from './legacy-text-to-v3.js';
import { v3TextToLegacy } from './v3-text-to-legacy.js';

describe('legacyTextToV3', () => {
  it('sets fontSize = round(48 * s) and centres the estimated box on the legacy midpoint', () => {
    expect(legacyTextToV3({ textSource: 'Hello', scale: 1 }, { orientation: 'landscape' })).toEqual({
      text: 'Hello',
      fontSize: 48,
      left: 888,
      top: 511.2,
      width: 144,
      height: 57.6,
      scaleX: 1,
      scaleY: 1,
    });
  });

  it('rounds the font size to the nearest pixel, halves up, at least 1', () => {
    const size = (scale: number): number => legacyTextToV3({ textSource: 'x', scale }).fontSize;
    expect(size(1.5)).toBe(72);
    expect(size(0.51)).toBe(24); // 24.48
    expect(size(0.53125)).toBe(26); // 25.5
    expect(size(0.3125)).toBe(15);
    expect(size(0.01)).toBe(1); // 0.48 would be invisible
  });

  it('lays CJK text out with 1 em per character on the portrait canvas', () => {
    const box = legacyTextToV3(
      { textSource: '안녕하세요', scale: 2, locationX: 0.25, locationY: -0.25 },
      { orientation: 'portrait' },
    );
    // fontSize 96, width 5 em = 480, height 115.2; centre (810, 480)
    expect(box).toEqual({
      text: '안녕하세요',
      fontSize: 96,
      left: 570,
      top: 422.4,
      width: 480,
      height: 115.2,
      scaleX: 1,
      scaleY: 1,
    });
  });

  it('treats a missing textSource as empty text', () => {
    expect(legacyTextToV3({}).text).toBe('');
    expect(legacyTextToV3({ textSource: null }).text).toBe('');
  });

  it('rejects a textSource that is not a string, and a scale whose font size no canvas can hold', () => {
    expect(() =>
      legacyTextToV3({ textSource: ['Hi'] as unknown as string }, { path: ['scenes', 0, 'clips', 2, 'detail'] }),
    ).toThrow(
      "A legacy text clip's textSource must be a string, received an array of 1 entry\n  → at scenes[0].clips[2].detail.textSource",
    );
    expect(() => legacyTextToV3({ textSource: 'Hi', scale: 1e300 }, { path: ['detail'] })).toThrow(
      'A legacy text scale of 1e+300 gives a font size of 4.8e+301 pixels, too large to lay out: use a smaller scale\n  → at detail.scale',
    );
  });

  it('preserves the centre exactly through v3 -> legacy, and the scale up to font-size rounding', () => {
    const canvas = fc.constantFrom('landscape', 'portrait');
    const location = fc.double({ min: -1, max: 1, noNaN: true });
    fc.assert(
      fc.property(
        canvas,
        fc.string(),
        fc.double({ min: 0.05, max: 8, noNaN: true }),
        location,
        location,
        (orientation, text, s, x, y) => {
          const box = legacyTextToV3({ textSource: text, scale: s, locationX: x, locationY: y }, { orientation });
          const back = v3TextToLegacy(box, { orientation });
          expect(Math.abs(back.locationX - x)).toBeLessThanOrEqual(1e-9);
          expect(Math.abs(back.locationY - y)).toBeLessThanOrEqual(1e-9);
          expect(back.scale).toBe(box.fontSize / 48);
          expect(Math.abs(back.scale - s)).toBeLessThanOrEqual(Math.max(0.5 / 48, 1 / 48 - s) + 1e-12);
          expect(back.textSource).toBe(text);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('v3TextToLegacy', () => {
  it('gives s = fontSize / 48 and the centre of the displayed box', () => {
    expect(
      v3TextToLegacy(
        { text: 'Hello', fontSize: 72, left: 0, top: 0, width: 216, height: 86.4 },
        { orientation: 'landscape' },
      ),
    ).toEqual({
      textSource: 'Hello',
      locationX: 108 / 1920 - 0.5,
      locationY: 43.2 / 1080 - 0.5,
      scale: 1.5,
    });
  });

  it('counts scaleY into the scale and leaves textSource out when the clip has no text', () => {
    const placement = v3TextToLegacy({ fontSize: 48, left: 960, top: 540, width: 0, height: 0, scaleY: 2 });
    expect(placement).toEqual({ locationX: 0, locationY: 0, scale: 2 });
    expect('textSource' in placement).toBe(false);
  });

  it('needs a fontSize', () => {
    expect(() =>
      v3TextToLegacy({ text: 'x', left: 0, top: 0, width: 1, height: 1 }, { path: ['scenes', 1, 'clips', 0] }),
    ).toThrow(/Geometry needs a number above 0 here, received nothing\n {2}→ at scenes\[1\]\.clips\[0\]\.fontSize/);
  });
});
