import type { Issue, PathSegment, SourceLocation } from './issue.js';

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Writes a payload path the way a reader would type it.
 *
 * @example formatPath(['scenes', 0, 'scripts', 0, 'modelId']) // 'scenes[0].scripts[0].modelId'
 */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out === '' ? '(root)' : out;
}

/** Writes a JSX source location, e.g. `promo.tsx:14:7 <Avatar>`. */
export function formatSource(source: SourceLocation): string {
  const where = `${source.fileName}:${source.lineNumber}:${source.columnNumber}`;
  return source.element === undefined ? where : `${where} <${source.element}>`;
}

/**
 * Renders one issue as `✖ message` (`⚠` for a warning) and `→ at path`, with the JSX source or the data row
 * when known.
 */
export function formatIssue(issue: Issue): string {
  const mark = issue.severity === 'warning' ? '⚠' : '✖';
  const places: string[] = [];
  if (issue.row !== undefined) places.push(`row ${issue.row}${issue.field === undefined ? '' : `, ${issue.field}`}`);
  if (issue.source !== undefined) places.push(formatSource(issue.source));
  if (issue.path.length > 0) places.push(formatPath(issue.path));
  const where = places.length === 0 ? '' : `\n  → at ${places.join(' · ')}`;
  return `${mark} ${issue.message}${where}`;
}

/**
 * Renders every issue, errors first, one block per issue.
 *
 * @example if (!result.ok) console.error(formatIssues(result.issues))
 */
export function formatIssues(issues: readonly Issue[]): string {
  const ordered = [...issues].sort((a, b) => rank(a) - rank(b));
  return ordered.map(formatIssue).join('\n');
}

function rank(issue: Issue): number {
  return issue.severity === 'error' ? 0 : 1;
}
