import { formatIssues } from './format-issues.js';
import type { Issue } from './issue.js';
import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** A template could not be compiled or bound to a row; each issue names row, field and variable. */
export class TemplateError extends VsynthError {
  override name = 'TemplateError';
  readonly issues: readonly Issue[];

  constructor(summary: string, issues: readonly Issue[], options: VsynthErrorOptions = {}) {
    super('VSYNTH_TEMPLATE', issues.length === 0 ? summary : `${summary}\n${formatIssues(issues)}`, options);
    this.issues = issues;
  }
}

/** True for a `TemplateError`, also one thrown by a second installed copy of the library. */
export function isTemplateError(value: unknown): value is TemplateError {
  return value instanceof TemplateError || (value instanceof Error && value.name === 'TemplateError');
}
