import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import type { V3Box } from './types.js';

/**
 * Returns `box` when every field is a finite number. Finite legacy inputs can still overflow
 * (a `locationX` of 1e305 times the canvas width is Infinity), and a box with Infinity is not a
 * v3 clip: that is a ValidationError at the legacy placement's path.
 *
 * @example requireFiniteBox(legacyImageToV3Box, ['scenes', 0, 'clips', 1, 'detail'])
 */
export function requireFiniteBox<B extends V3Box>(box: B, path: readonly PathSegment[]): B {
  if (Number.isFinite(box.left) && Number.isFinite(box.top) && Number.isFinite(box.width) && Number.isFinite(box.height) && Number.isFinite(box.scaleX) && Number.isFinite(box.scaleY)) {
    return box;
  }
  const overflowing = (['left', 'top', 'width', 'height', 'scaleX', 'scaleY'] as const).filter((field) => !Number.isFinite(box[field]));
  const fields = overflowing.map((field) => `${field} ${String(box[field])}`).join(', ');
  throw new ValidationError(
    [
      issue({
        code: 'invalid_value',
        path,
        message: `The legacy placement is out of numeric range (it gives ${fields}): use locations and scales of a sensible size`,
      }),
    ],
    { subject: 'geometry input' },
  );
}
