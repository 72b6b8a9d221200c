import { formatIssues } from './format-issues.js';
import type { Issue } from './issue.js';
import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

export interface ValidationErrorOptions extends VsynthErrorOptions {
  /** What was validated, e.g. `create request` or `examples/promo.tsx`. */
  readonly subject?: string;
}

/**
 * Every problem found in one validation or compile, reported together: `issues` holds errors and warnings,
 * the message lists them with their paths.
 */
export class ValidationError extends VsynthError {
  override name = 'ValidationError';
  readonly issues: readonly Issue[];

  constructor(issues: readonly Issue[], options: ValidationErrorOptions = {}) {
    const errors = issues.filter((i) => i.severity === 'error').length;
    const subject = options.subject === undefined ? 'input' : options.subject;
    super(
      'VSYNTH_VALIDATION',
      `Invalid ${subject}: ${errors} problem${errors === 1 ? '' : 's'}\n${formatIssues(issues)}`,
      options,
    );
    this.issues = issues;
  }
}

/** True for a `ValidationError`, also one thrown by a second installed copy of the library. */
export function isValidationError(value: unknown): value is ValidationError {
  return value instanceof ValidationError || (value instanceof Error && value.name === 'ValidationError');
}
