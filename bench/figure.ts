/**
 * One benchmark figure as `bench/run-all.ts` prints it: a value beside a baseline measured in the
 * same run, their ratio, the aim and whether it holds. Benches print these as JSON lines.
 *
 * @example printFigure(figure('dryRun.vsBareBinding', 31.5, 'µs CPU/row', 14.8, '<=', 3));
 */
export interface Figure {
  readonly name: string;
  readonly value: number;
  readonly unit: string;
  readonly baseline: number | null;
  readonly ratio: number | null;
  /** E.g. `ratio <= 2` or `value < 150`. */
  readonly aim: string;
  readonly holds: boolean;
}

/** `op`/`target` apply to the ratio when there is a baseline, else to the value. */
export function figure(
  name: string,
  value: number,
  unit: string,
  baseline: number | null,
  op: '<=' | '>=' | '<' | '>',
  target: number,
): Figure {
  const ratio = baseline === null || baseline === 0 ? null : round(value / baseline);
  const subject = ratio ?? value;
  const holds =
    op === '<='
      ? subject <= target
      : op === '>='
        ? subject >= target
        : op === '<'
          ? subject < target
          : subject > target;
  return {
    name,
    value: round(value),
    unit,
    baseline: baseline === null ? null : round(baseline),
    ratio,
    aim: `${ratio === null ? 'value' : 'ratio'} ${op} ${target}`,
    holds,
  };
}

export function printFigure(f: Figure): void {
  process.stdout.write(`${JSON.stringify(f)}\n`);
}

/** The middle value of rounds (the upper of the two middle ones for an even count); `xs` is left as is. */
export function median(xs: readonly number[]): number {
  return percentile(xs, 0.5);
}

/** The nearest-rank value at `share` (0–1) of `xs`, e.g. 0.99 for p99, 1 for the worst; 0 for no values. */
export function percentile(xs: readonly number[], share: number): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
}

function round(n: number): number {
  return Math.abs(n) >= 100 ? Math.round(n) : Number(n.toPrecision(3));
}
