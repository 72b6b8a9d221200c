import { closestName, issue, formatPath, type Issue, type PathSegment } from '@vsynth/core';

export interface MissingVariableIssueOptions {
  readonly name: string;
  readonly row: number;
  readonly path: readonly PathSegment[];
  readonly columns: readonly string[];
  /** What reads it, for the message; default the path (`updates.title_0`). */
  readonly usedBy?: string;
  /** `variable` (a `{{…}}` of a Handlebars template, default) or `prop` (a TSX template's props). */
  readonly noun?: 'variable' | 'prop';
}

/**
 * The issue for a `{{variable}}` the row does not have, with the closest column name when one
 * looks like a typo.
 *
 * @example missingVariableIssue({ name: 'fristName', row: 3, path: ['updates', 'title'], columns: ['firstName'] })
 * // message: 'missing variable "fristName" in updates.title: the row has no such column (did you mean "firstName"?)'
 * missingVariableIssue({ name: 'nme', row: 2, path: [], columns: ['name'], noun: 'prop', usedBy: 'welcome.tsx' })
 * // message: 'missing prop "nme" in welcome.tsx: the row has no such column (did you mean "name"?)'
 */
export function missingVariableIssue(options: MissingVariableIssueOptions): Issue {
  const { name, row, path, columns } = options;
  const guess = closestName(name, columns);
  const hint =
    guess === undefined
      ? `columns: ${columns.slice(0, 12).join(', ')}${columns.length > 12 ? ', …' : ''}`
      : `did you mean "${guess}"?`;
  return issue({
    code: 'template',
    message: `missing ${options.noun ?? 'variable'} "${name}" in ${options.usedBy ?? formatPath(path)}: the row has no such column (${hint})`,
    path,
    row,
    field: name,
  });
}
