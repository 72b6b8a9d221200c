import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import type { V3Box } from './types.js';

const BOX_FIELDS = ['left', 'top', 'width', 'height', 'scaleX', 'scaleY'] as const;

/**
 * Returns `box` when every field is finite. Finite legacy inputs can still overflow (a `locationX` of 1e305
 * times the canvas width), which is a ValidationError at the legacy placement's path.
 */
export function requireFiniteBox<B extends V3Box>(box: B, path: readonly PathSegment[]): B {
  const overflowing = BOX_FIELDS.filter((field) => !Number.isFinite(box[field]));
  if (overflowing.length === 0) return box;
  const fields = overflowing.map((field) => `${field} ${String(box[field])}`).join(', ');
  throw new ValidationError(
    [
      issue({
        code: 'invalid_value',
        path,
        message:
          `The legacy placement is out of numeric range (it gives ${fields}): ` +
          'use locations and scales of a sensible size',
      }),
    ],
    { subject: 'geometry input' },
  );
}
