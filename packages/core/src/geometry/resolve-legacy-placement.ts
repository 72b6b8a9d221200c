import type { PathSegment } from '../errors/issue.js';
import type { CanvasSize } from './canvas-size.js';
import { readNumber } from './read-number.js';
import type { LegacyPlacement } from './types.js';

/** A legacy placement resolved to canvas pixels: the midpoint and the scale. */
export interface ResolvedPlacement {
  readonly cx: number;
  readonly cy: number;
  readonly scale: number;
}

/** Resolves a legacy placement on a canvas: `cx = (0.5 + locationX) * W`, `cy = (0.5 + locationY) * H`. */
export function resolveLegacyPlacement(
  placement: LegacyPlacement,
  canvas: CanvasSize,
  path: readonly PathSegment[],
): ResolvedPlacement {
  const locationX = readNumber(placement.locationX, { path, field: 'locationX', fallback: 0 });
  const locationY = readNumber(placement.locationY, { path, field: 'locationY', fallback: 0 });
  const scale = readNumber(placement.scale, { path, field: 'scale', rule: 'positive', fallback: 1 });
  return { cx: (0.5 + locationX) * canvas.width, cy: (0.5 + locationY) * canvas.height, scale };
}

/** The legacy location of a midpoint in canvas pixels; the inverse of {@link resolveLegacyPlacement}. */
export function pixelsToLegacyLocation(
  cx: number,
  cy: number,
  canvas: CanvasSize,
): { readonly locationX: number; readonly locationY: number } {
  return { locationX: cx / canvas.width - 0.5, locationY: cy / canvas.height - 0.5 };
}
