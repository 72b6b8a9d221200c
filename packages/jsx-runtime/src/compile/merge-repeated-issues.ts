import type { Issue } from '@vsynth/core';

/**
 * One issue per cause: issues of one severity with the same message from the same JSX element (a shared
 * component rendered in every scene) become the first of them, its message naming every scene it applies to.
 *
 * @example mergeRepeatedIssues(issues) // '<Shape> cannot be expressed in a legacy payload (scenes 0, 1, 2)'
 */
export function mergeRepeatedIssues(warnings: readonly Issue[]): Issue[] {
  const groups = new Map<string, Issue[]>();
  const order: (Issue | string)[] = [];
  for (const warning of warnings) {
    const at = warning.source;
    if (at === undefined) {
      order.push(warning);
      continue;
    }
    const key = `${warning.severity}\u0000${at.fileName}:${at.lineNumber}:${at.columnNumber}\u0000${warning.message}`;
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, [warning]);
      order.push(key);
    } else group.push(warning);
  }
  return order.map((entry) => {
    if (typeof entry !== 'string') return entry;
    const [first, ...rest] = groups.get(entry) ?? [];
    if (first === undefined || rest.length === 0) return first as Issue;
    const scenes = [...new Set([first, ...rest].map(sceneOf).filter((s) => s !== undefined))];
    const where = scenes.length > 1 ? ` (scenes ${scenes.join(', ')})` : ` (${rest.length + 1} times)`;
    return { ...first, message: `${first.message}${where}` };
  });
}

function sceneOf(warning: Issue): number | undefined {
  return warning.path[0] === 'scenes' && typeof warning.path[1] === 'number' ? warning.path[1] : undefined;
}
