import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/validation-error.js';
import { displayedBox } from './displayed-box.js';
import { legacyImageToV3 } from './legacy-image-to-v3.js';
import type { CanvasOptions } from './resolve-canvas.js';
import { v3ImageToLegacy } from './v3-image-to-legacy.js';

const side = fc.integer({ min: 16, max: 8192 });

// Named orientations and random wide and tall canvases.
const canvases: fc.Arbitrary<CanvasOptions> = fc.oneof(
  fc.constantFrom('landscape', 'portrait').map((orientation) => ({ orientation })),
  fc.tuple(side, side).map(([a, b]) => ({ canvas: { width: Math.max(a, b), height: Math.min(a, b) } })),
  fc.tuple(side, side).map(([a, b]) => ({ canvas: { width: Math.min(a, b), height: Math.max(a, b) } })),
);

// A natural side in pixels, fractional ones included.
const naturalSide = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.double({ min: 1, max: 10_000, noNaN: true }));

const scale = fc.double({ min: 0.01, max: 10, noNaN: true });

// Legacy locations include positions off the canvas.
const location = fc.double({ min: -2, max: 2, noNaN: true });

function expectClose(actual: number, expected: number): void {
  expect(Math.abs(actual - expected), `${actual} vs ${expected}`).toBeLessThanOrEqual(1e-9);
}

describe('legacyImageToV3', () => {
  it('makes the longer side of a wide image half the canvas width at scale 1', () => {
    const box = legacyImageToV3(
      { scale: 1, locationX: 0, locationY: 0 },
      { orientation: 'landscape', naturalWidth: 800, naturalHeight: 600 },
    );
    expect(box).toEqual({ left: 480, top: 180, width: 800, height: 600, scaleX: 1.2, scaleY: 1.2 });
    expect(displayedBox({ type: 'image', ...box })).toEqual({ left: 480, top: 180, width: 960, height: 720 });
  });

  it('uses the legacy defaults (centre, scale 1) when placement is absent', () => {
    expect(legacyImageToV3({}, { naturalWidth: 800, naturalHeight: 600 })).toEqual(
      legacyImageToV3(
        { scale: 1, locationX: 0, locationY: 0 },
        { orientation: 'landscape', naturalWidth: 800, naturalHeight: 600 },
      ),
    );
    expect(legacyImageToV3({ scale: null, locationX: null }, { naturalWidth: 800, naturalHeight: 600 }).left).toBe(480);
  });

  it('makes the longer side of a tall image half the canvas height, off centre', () => {
    const box = legacyImageToV3(
      { scale: 1.5, locationX: 0.25, locationY: -0.25 },
      { orientation: 'landscape', naturalWidth: 600, naturalHeight: 800 },
    );
    // displayed height 0.5 * 1.5 * 1080 = 810, factor 810/800, displayed width 607.5; centre (1440, 270)
    expect(box).toEqual({ left: 1136.25, top: -135, width: 600, height: 800, scaleX: 1.0125, scaleY: 1.0125 });
  });

  it('lays out on the portrait canvas', () => {
    const wide = legacyImageToV3({}, { orientation: 'portrait', naturalWidth: 800, naturalHeight: 600 });
    // displayed width 0.5 * 1080 = 540, height 405, centre (540, 960)
    expect(wide).toEqual({ left: 270, top: 757.5, width: 800, height: 600, scaleX: 0.675, scaleY: 0.675 });
    const tall = legacyImageToV3({}, { orientation: 'portrait', naturalWidth: 600, naturalHeight: 800 });
    // displayed height 0.5 * 1920 = 960, width 720
    expect(tall).toEqual({ left: 180, top: 480, width: 600, height: 800, scaleX: 1.2, scaleY: 1.2 });
  });

  it('fills the canvas with a canvas-shaped image at scale 2 (longer side 100%)', () => {
    expect(legacyImageToV3({ scale: 2 }, { naturalWidth: 1600, naturalHeight: 900 })).toEqual({
      left: 0,
      top: 0,
      width: 1600,
      height: 900,
      scaleX: 1.2,
      scaleY: 1.2,
    });
  });

  it('treats a square image as wide (displayed width = 0.5 * s * W)', () => {
    const box = legacyImageToV3({ scale: 1 }, { orientation: 'portrait', naturalWidth: 500, naturalHeight: 500 });
    expect(box.width * box.scaleX).toBe(540);
  });

  it('refuses to place an image whose natural size is missing or zero', () => {
    for (const [naturalWidth, naturalHeight] of [
      [0, 600],
      [800, Number.NaN],
      [undefined, undefined],
    ] as const) {
      let thrown: unknown;
      try {
        legacyImageToV3(
          {},
          {
            naturalWidth: naturalWidth as number,
            naturalHeight: naturalHeight as number,
            path: ['scenes', 0, 'clips', 1, 'detail'],
          },
        );
      } catch (error) {
        thrown = error;
      }
      expect(isValidationError(thrown)).toBe(true);
      if (!isValidationError(thrown)) continue;
      expect(thrown.issues[0]?.path).toEqual(['scenes', 0, 'clips', 1, 'detail']);
      expect(thrown.issues[0]?.message).toBe(
        `A legacy image needs its natural size to be placed, received naturalWidth ${String(naturalWidth)} and ` +
          `naturalHeight ${String(naturalHeight)}: pass both in pixels (above 0), e.g. from probing the image`,
      );
    }
  });

  it('rejects a scale that is not a positive number, with its path', () => {
    expect(() => legacyImageToV3({ scale: -1 }, { naturalWidth: 10, naturalHeight: 10, path: ['detail'] })).toThrow(
      /Geometry needs a number above 0 here, received -1\n {2}→ at detail\.scale/,
    );
    expect(() =>
      legacyImageToV3({ locationX: Number.POSITIVE_INFINITY }, { naturalWidth: 10, naturalHeight: 10 }),
    ).toThrow(/a finite number here, received Infinity/);
  });

  it('round-trips legacy -> v3 -> legacy within 1e-9 over random canvases, sizes, scales and positions', () => {
    fc.assert(
      fc.property(canvases, naturalSide, naturalSide, scale, location, location, (canvas, nw, nh, s, x, y) => {
        const box = legacyImageToV3(
          { scale: s, locationX: x, locationY: y },
          { ...canvas, naturalWidth: nw, naturalHeight: nh },
        );
        const back = v3ImageToLegacy(box, canvas);
        expectClose(back.scale, s);
        expectClose(back.locationX, x);
        expectClose(back.locationY, y);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('v3ImageToLegacy', () => {
  it('inverts the known case', () => {
    expect(
      v3ImageToLegacy(
        { left: 480, top: 180, width: 800, height: 600, scaleX: 1.2, scaleY: 1.2 },
        { orientation: 'landscape' },
      ),
    ).toEqual({
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
    expect(
      v3ImageToLegacy(
        { left: 180, top: 480, width: 600, height: 800, scaleX: 1.2, scaleY: 1.2 },
        { orientation: 'portrait' },
      ),
    ).toEqual({
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
  });

  it('keeps the longer natural side when scaleX and scaleY differ, and the displayed centre', () => {
    // Wide image stretched vertically: scale follows scaleX; the centre is the displayed box's.
    const wide = v3ImageToLegacy(
      { left: 0, top: 0, width: 800, height: 600, scaleX: 1.2, scaleY: 0.9 },
      { orientation: 'landscape' },
    );
    expect(wide.scale).toBe(1); // 2 * 960 / 1920
    expect(wide.locationX).toBe(480 / 1920 - 0.5);
    expect(wide.locationY).toBe(270 / 1080 - 0.5);
    // Tall image: scale follows scaleY.
    const tall = v3ImageToLegacy(
      { left: 0, top: 0, width: 600, height: 800, scaleX: 3, scaleY: 0.675 },
      { orientation: 'landscape' },
    );
    expect(tall.scale).toBe(1); // 2 * 540 / 1080
    expect(tall.locationX).toBe(900 / 1920 - 0.5);
  });

  it('takes absent scales as 1', () => {
    expect(v3ImageToLegacy({ left: 480, top: 240, width: 960, height: 600 })).toEqual({
      locationX: 0,
      locationY: 0,
      scale: 1,
    });
  });

  it('round-trips v3 -> legacy -> v3 within 1e-9 for uniformly scaled images', () => {
    const coordinate = fc.double({ min: -5000, max: 5000, noNaN: true });
    fc.assert(
      fc.property(
        canvases,
        naturalSide,
        naturalSide,
        scale,
        coordinate,
        coordinate,
        (canvas, width, height, k, left, top) => {
          const placement = v3ImageToLegacy({ left, top, width, height, scaleX: k, scaleY: k }, canvas);
          const box = legacyImageToV3(placement, { ...canvas, naturalWidth: width, naturalHeight: height });
          expect(box.width).toBe(width);
          expect(box.height).toBe(height);
          expectClose(box.scaleX, k);
          expectClose(box.scaleY, k);
          expectClose(box.left, left);
          expectClose(box.top, top);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
