import { ValidationError, type Issue } from '@vsynth/core';

/** Help text of `--strict`, the same on every command that takes it. */
export const STRICT_HELP = 'treat warnings (layout, speech, assets, quirks) as errors: exit 3, write and send nothing';

/**
 * Under `--strict`, warnings stop the command as errors (exit 3) before anything is written or sent.
 *
 * @example refuseWarnings(result.warnings, 'video.tsx', options.strict)
 */
export function refuseWarnings(warnings: readonly Issue[], subject: string, strict: boolean | undefined): void {
  if (strict !== true || warnings.length === 0) return;
  throw new ValidationError(
    warnings.map((w) => ({ ...w, severity: 'error' as const })),
    { subject: `${subject} (--strict)` },
  );
}
