import type { Issue } from '@vsynth/core';

/**
 * Tags issues with a data row number (keeps one already set).
 *
 * @example withRow(result.issues, 12)
 */
export function withRow(issues: readonly Issue[], row: number): Issue[] {
  return issues.map((item) => (item.row === undefined ? { ...item, row } : item));
}
