import { issue } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { canvasSize, type CanvasSize } from './canvas-size.js';

/** Which canvas a geometry function lays out on: `canvas`, else the `orientation`'s, else landscape. */
export interface CanvasOptions {
  /** `landscape` (default) or `portrait`; any other value is a ValidationError. */
  readonly orientation?: string | undefined;
  /** An explicit canvas in pixels; wins over `orientation`. */
  readonly canvas?: CanvasSize | undefined;
}

/** The canvas that `options` select; an explicit canvas needs a positive width and height. */
export function resolveCanvas(options: CanvasOptions = {}): CanvasSize {
  const { canvas } = options;
  if (canvas === undefined) return canvasSize(options.orientation ?? 'landscape');
  const bad = (['width', 'height'] as const).filter((side) => !(Number.isFinite(canvas[side]) && canvas[side] > 0));
  if (bad.length === 0) return canvas;
  throw new ValidationError(
    bad.map((side) =>
      issue({
        code: 'invalid_value',
        path: ['canvas', side],
        message: `Canvas ${side} must be a positive number of pixels, received ${String(canvas[side])}`,
      }),
    ),
    { subject: 'canvas' },
  );
}
