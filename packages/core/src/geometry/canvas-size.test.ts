import { describe, expect, it } from 'vitest';
import { isValidationError } from '../errors/validation-error.js';
import { CANVAS_SIZES, canvasSize } from './canvas-size.js';
import { resolveCanvas } from './resolve-canvas.js';

describe('canvasSize', () => {
  it('gives 1920x1080 for landscape and 1080x1920 for portrait', () => {
    expect(canvasSize('landscape')).toEqual({ width: 1920, height: 1080 });
    expect(canvasSize('portrait')).toEqual({ width: 1080, height: 1920 });
    expect(CANVAS_SIZES).toEqual({ landscape: { width: 1920, height: 1080 }, portrait: { width: 1080, height: 1920 } });
  });

  it('rejects an orientation it cannot lay out, listing the accepted ones', () => {
    for (const orientation of ['square', 'Landscape', 'toString', '']) {
      let thrown: unknown;
      try {
        canvasSize(orientation);
      } catch (error) {
        thrown = error;
      }
      expect(isValidationError(thrown)).toBe(true);
      if (!isValidationError(thrown)) continue;
      expect(thrown.issues).toHaveLength(1);
      expect(thrown.issues[0]?.path).toEqual(['orientation']);
      expect(thrown.issues[0]?.message).toBe(
        `Orientation ${JSON.stringify(orientation)} cannot be laid out: use one of landscape, portrait`,
      );
    }
  });

  it('cannot be mutated', () => {
    expect(Object.isFrozen(CANVAS_SIZES)).toBe(true);
    expect(Object.isFrozen(CANVAS_SIZES.landscape)).toBe(true);
  });
});

describe('resolveCanvas', () => {
  it('defaults to landscape, follows orientation, and lets an explicit canvas win', () => {
    expect(resolveCanvas()).toEqual({ width: 1920, height: 1080 });
    expect(resolveCanvas({ orientation: 'portrait' })).toEqual({ width: 1080, height: 1920 });
    expect(resolveCanvas({ orientation: 'portrait', canvas: { width: 640, height: 480 } })).toEqual({
      width: 640,
      height: 480,
    });
  });

  it('rejects a canvas side that is not a positive number, naming it', () => {
    expect(() => resolveCanvas({ canvas: { width: 0, height: Number.NaN } })).toThrow(
      /Canvas width must be a positive number of pixels, received 0[\s\S]*Canvas height must be a positive number of pixels, received NaN/,
    );
  });
});
