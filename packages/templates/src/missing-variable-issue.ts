import { issue, formatPath, type Issue, type PathSegment } from '@vsynth/core';

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
  const guess = closest(name, columns);
  const hint = guess === undefined ? `columns: ${columns.slice(0, 12).join(', ')}${columns.length > 12 ? ', …' : ''}` : `did you mean "${guess}"?`;
  return issue({
    code: 'template',
    message: `missing ${options.noun ?? 'variable'} "${name}" in ${options.usedBy ?? formatPath(path)}: the row has no such column (${hint})`,
    path,
    row,
    field: name,
  });
}

function closest(name: string, columns: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const column of columns) {
    if (column.toLowerCase() === name.toLowerCase()) return column;
    const d = distance(name.toLowerCase(), column.toLowerCase());
    if (d < bestDistance) {
      best = column;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}
