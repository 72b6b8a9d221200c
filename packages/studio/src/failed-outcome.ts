import type { BuildOutcome, StudioProblem, TargetOutcome } from './studio-types.js';

/**
 * A build that did not compile: its problems, no payload for any target, and the data file's row
 * count (null without `--data` or when the rows could not be read).
 *
 * @example failedOutcome([{ message: 'x', file: 'video.tsx', line: null, column: null, severity: 'error' }], null)
 */
export function failedOutcome(problems: readonly StudioProblem[], rows: number | null): BuildOutcome {
  const none: TargetOutcome = { payload: null, problems: [], warnings: [] };
  return { ok: false, problems, targets: { v3A: none, v3B: none, legacy: none }, drawn: null, slots: {}, cubes: null, rows };
}
