import type { BuildOutcome, StudioProblem, TargetOutcome } from './studio-types.js';

/** A build that did not compile: its problems, no payload, and the data file's row count when known. */
export function failedOutcome(problems: readonly StudioProblem[], rows: number | null): BuildOutcome {
  const none: TargetOutcome = { payload: null, problems: [], warnings: [] };
  const targets = { v3A: none, v3B: none, legacy: none };
  return { ok: false, problems, targets, drawn: null, slots: {}, cubes: null, rows };
}
