import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { describeValue } from '../validate/describe-value.js';

/** What a number must be: any finite number, a finite number above zero, or an integer (a layer). */
export type NumberRule = 'finite' | 'positive' | 'integer';

export interface ReadNumberOptions {
  readonly path: readonly PathSegment[];
  readonly field?: PathSegment;
  readonly rule?: NumberRule;
  /** What `undefined` and `null` read as; without one they are an error. */
  readonly fallback?: number;
}

/**
 * Reads a number a geometry function needs, or throws a ValidationError naming the path
 * (`path` then `field`) and the value received.
 *
 * @example readNumber(detail.scale, { path: ['scenes', 0, 'AIModel'], field: 'scale', rule: 'positive', fallback: 1 })
 */
export function readNumber(value: unknown, options: ReadNumberOptions): number {
  if ((value === undefined || value === null) && options.fallback !== undefined) return options.fallback;
  const rule = options.rule ?? 'finite';
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (rule === 'finite' || (rule === 'positive' ? value > 0 : Number.isSafeInteger(value))) return value;
  }
  const wanted = rule === 'positive' ? 'a number above 0' : rule === 'integer' ? 'an integer' : 'a finite number';
  throw new ValidationError(
    [
      issue({
        code: value === undefined || value === null ? 'missing' : 'invalid_value',
        path: options.field === undefined ? options.path : [...options.path, options.field],
        message: `Geometry needs ${wanted} here, received ${describeValue(value)}`,
      }),
    ],
    { subject: 'geometry input' },
  );
}
