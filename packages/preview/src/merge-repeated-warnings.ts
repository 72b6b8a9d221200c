import type { Issue } from '@vsynth/core';

/**
 * One warning per cause: warnings with the same code and message (a font missing for every text clip) become
 * the first of them, at its path, saying how many places share it.
 *
 * @example mergeRepeatedWarnings(warnings) // 'Font family "Noto Sans CJK" is not installed: … (and 19 more clips)'
 */
export function mergeRepeatedWarnings(warnings: readonly Issue[]): Issue[] {
  const counts = new Map<string, { first: Issue; count: number }>();
  for (const warning of warnings) {
    const key = `${warning.code}\u0000${warning.message}`;
    const seen = counts.get(key);
    if (seen === undefined) counts.set(key, { first: warning, count: 1 });
    else seen.count++;
  }
  return [...counts.values()].map(({ first, count }) =>
    count === 1 ? first : { ...first, message: `${first.message} (and ${count - 1} more clips)` },
  );
}
