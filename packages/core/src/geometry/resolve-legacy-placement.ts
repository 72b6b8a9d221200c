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

/**
 * Resolves a legacy placement on a canvas: `cx = (0.5 + locationX) * W`,
 * `cy = (0.5 + locationY) * H`; defaults 0, 0 and scale 1.
 */
export function resolveLegacyPlacement(
  placement: LegacyPlacement,
  canvas: CanvasSize,
  path: readonly PathSegment[],
): ResolvedPlacement {
  // Finite numbers (a positive scale), the common case, are taken without readNumber's options.
  const x = placement.locationX;
  const y = placement.locationY;
  const s = placement.scale;
  const locationX = typeof x === 'number' && Number.isFinite(x) ? x : readNumber(x, { path, field: 'locationX', fallback: 0 });
  const locationY = typeof y === 'number' && Number.isFinite(y) ? y : readNumber(y, { path, field: 'locationY', fallback: 0 });
  const scale = typeof s === 'number' && Number.isFinite(s) && s > 0 ? s : readNumber(s, { path, field: 'scale', rule: 'positive', fallback: 1 });
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
