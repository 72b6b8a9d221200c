import { issue } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';

/** Width and height of a canvas in pixels. */
export interface CanvasSize {
  readonly width: number;
  readonly height: number;
}

/** The canvas of each orientation that can be laid out, in pixels; `portrait` is `landscape` transposed. */
export const CANVAS_SIZES = Object.freeze({
  landscape: Object.freeze({ width: 1920, height: 1080 }),
  portrait: Object.freeze({ width: 1080, height: 1920 }),
}) satisfies Readonly<Record<string, CanvasSize>>;

/** An orientation that has a canvas size: `landscape` or `portrait`. */
export type CanvasOrientation = keyof typeof CANVAS_SIZES;

/** True when `value` names an orientation of {@link CANVAS_SIZES}. */
export function isCanvasOrientation(value: unknown): value is CanvasOrientation {
  return typeof value === 'string' && Object.hasOwn(CANVAS_SIZES, value);
}

/**
 * The canvas size of an orientation. Other orientations pass parsing but cannot be laid out: they throw
 * a ValidationError that lists the accepted ones.
 */
export function canvasSize(orientation: string): CanvasSize {
  if (isCanvasOrientation(orientation)) return CANVAS_SIZES[orientation];
  const accepted = Object.keys(CANVAS_SIZES).join(', ');
  throw new ValidationError(
    [
      issue({
        code: 'invalid_value',
        path: ['orientation'],
        message: `Orientation ${JSON.stringify(orientation)} cannot be laid out: use one of ${accepted}`,
      }),
    ],
    { subject: 'orientation' },
  );
}
