import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';

/** What a number must be: any finite number, or a finite number above zero. */
export type NumberRule = 'finite' | 'positive';

/**
 * Reads a number a geometry function needs; `undefined`/`null` take `fallback` when one is
 * given. Throws a ValidationError naming the path and the value received.
 */
export function readNumber(
  value: unknown,
  options: { readonly path: readonly PathSegment[]; readonly rule?: NumberRule; readonly fallback?: number },
): number {
  if ((value === undefined || value === null) && options.fallback !== undefined) return options.fallback;
  const rule = options.rule ?? 'finite';
  if (typeof value === 'number' && Number.isFinite(value) && (rule === 'finite' || value > 0)) return value;
  const wanted = rule === 'positive' ? 'a number above 0' : 'a finite number';
  throw new ValidationError(
    [
      issue({
        code: value === undefined || value === null ? 'missing' : 'invalid_value',
        path: options.path,
        message: `Geometry needs ${wanted} here, received ${describe(value)}`,
      }),
    ],
    { subject: 'geometry input' },
  );
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return String(value);
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}
