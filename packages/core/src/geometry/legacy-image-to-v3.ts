import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { requireFiniteBox } from './require-finite-box.js';
import { resolveLegacyPlacement } from './resolve-legacy-placement.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacement, V3Box } from './types.js';

export interface LegacyImageToV3Options extends CanvasOptions {
  readonly naturalWidth: number;
  readonly naturalHeight: number;
  readonly path?: readonly PathSegment[];
}

/**
 * Places a legacy image clip on the v3 canvas: scale 1 makes the longer natural side half the canvas
 * along that axis. The v3 box keeps the natural size, scaled uniformly, and the legacy midpoint.
 */
export function legacyImageToV3(detail: LegacyPlacement, options: LegacyImageToV3Options): V3Box {
  const path = options.path ?? [];
  const canvas = resolveCanvas(options);
  const { naturalWidth: nw, naturalHeight: nh } = options;
  if (!(isPositive(nw) && isPositive(nh))) {
    throw new ValidationError(
      [
        issue({
          code: 'missing',
          path,
          message:
            `A legacy image needs its natural size to be placed, received naturalWidth ${String(nw)} and ` +
            `naturalHeight ${String(nh)}: pass both in pixels (above 0), e.g. from probing the image`,
        }),
      ],
      { subject: 'legacy image' },
    );
  }
  const { cx, cy, scale } = resolveLegacyPlacement(detail, canvas, path);
  // The governing side is stated exactly; the other follows from the uniform factor.
  const landscape = nw >= nh;
  const factor = landscape ? (0.5 * scale * canvas.width) / nw : (0.5 * scale * canvas.height) / nh;
  const shownW = landscape ? 0.5 * scale * canvas.width : nw * factor;
  const shownH = landscape ? nh * factor : 0.5 * scale * canvas.height;
  return requireFiniteBox(
    { left: cx - shownW / 2, top: cy - shownH / 2, width: nw, height: nh, scaleX: factor, scaleY: factor },
    path,
  );
}

function isPositive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
