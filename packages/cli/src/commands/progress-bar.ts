/**
 * The live progress bar of `vsynth batch` on a terminal: rows settled, by status, the rate and
 * the time left, with retries, the adaptive concurrency and the warnings so far.
 */
import type { BatchEvent } from '@vsynth/batch';

/** Where the bar is drawn: stderr, or a test's stand-in. */
export interface ProgressStream {
  write(text: string): unknown;
  /** The terminal's width; 80 when unknown. */
  readonly columns?: number | undefined;
}

export interface ProgressBarOptions {
  readonly stream?: ProgressStream;
  /** Milliseconds; default `Date.now`. */
  readonly now?: () => number;
}

/**
 * A one-line live bar (counts only when the total is unknown), redrawn in place at most 10 times a
 * second and never wider than the terminal, so it does not wrap and scroll; the least useful parts
 * go first when it is narrow. Warnings are printed above it.
 *
 * @example const bar = progressBar(120); for await (const event of events) bar.update(event); bar.finish();
 */
export function progressBar(
  total: number | undefined,
  options: ProgressBarOptions = {},
): { update(event: BatchEvent): void; finish(): void } {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const counts = { done: 0, failed: 0, unknown: 0, skipped: 0, ok: 0, retries: 0 };
  const started = now();
  let limit = 0;
  let last = Number.NEGATIVE_INFINITY;
  let warnings = 0;
  const draw = (force = false) => {
    const time = now();
    if (!force && time - last < 100) return;
    last = time;
    const settled = counts.done + counts.failed + counts.unknown + counts.skipped + counts.ok;
    // The rate counts the rows this run handled: rows a resume skips take no time.
    const handled = settled - counts.skipped;
    const seconds = (time - started) / 1000;
    const rate = seconds > 0 ? handled / seconds : 0;
    const left = total === undefined ? undefined : Math.max(0, total - settled);
    const parts: [priority: number, text: string][] = [
      [0, total === undefined ? `${settled} rows` : `${settled}/${total} rows`],
      [1, `done ${counts.done + counts.skipped}`],
    ];
    // Failed and unknown rows are shown once there are some: a narrow terminal keeps room for the rate.
    if (counts.failed > 0) parts.push([1, `failed ${counts.failed}`]);
    if (counts.unknown > 0) parts.push([1, `unknown ${counts.unknown}`]);
    if (handled > 0 && seconds >= 1) parts.push([2, `${rate < 10 ? rate.toFixed(1) : Math.round(rate)} rows/s`]);
    if (left !== undefined && left > 0 && rate > 0 && seconds >= 1) parts.push([2, `ETA ${duration(left / rate)}`]);
    if (counts.ok > 0) parts.push([1, `ok ${counts.ok}`]);
    if (counts.retries > 0) parts.push([3, `retries ${counts.retries}`]);
    if (limit > 0) parts.push([4, `concurrency ${limit}`]);
    if (warnings > 0) parts.push([3, `warnings ${warnings}`]);
    stream.write(`\r${fitted(parts, settled, total, Math.max(20, (stream.columns ?? 80) - 1))}\x1b[K`);
  };
  return {
    update(event) {
      if (event.type === 'start') limit = event.concurrency;
      if (event.type === 'concurrency') limit = event.limit;
      if (event.type === 'retry') counts.retries += 1;
      if (event.type === 'warning') {
        // Printed in full above the bar (the first 20; every one is in the summary's count and in --events jsonl).
        warnings += 1;
        if (warnings <= 20) stream.write(`\r\x1b[Kvsynth: warning: ${event.message}\n`);
        else if (warnings === 21) stream.write('\r\x1b[Kvsynth: more warnings follow; --events jsonl lists them all\n');
        draw(true);
      }
      if (event.type === 'row') {
        if (event.skipped) counts.skipped += 1;
        else if (event.status === 'done') counts.done += 1;
        else counts[event.status] += 1;
      }
      draw(event.type === 'end');
    },
    finish() {
      draw(true);
      stream.write('\n');
    },
  };
}

/**
 * The line within `width` characters: the bar narrows (from 24 cells to 10), then parts go, those
 * of the highest priority number first; the bar itself goes before the rate and the counts.
 */
function fitted(
  parts: readonly (readonly [number, string])[],
  settled: number,
  total: number | undefined,
  width: number,
): string {
  let kept = [...parts];
  const text = () => kept.map(([, part]) => part).join(' · ');
  const withBar = (cells: number) => {
    const filled = total === undefined || total === 0 ? 0 : Math.min(cells, Math.round((settled / total) * cells));
    return `${'█'.repeat(filled)}${'░'.repeat(cells - filled)} ${text()}`;
  };
  for (;;) {
    const length = [...text()].length;
    const lowest = Math.max(...kept.map(([priority]) => priority));
    if (total !== undefined && width - length - 1 >= 10) return withBar(Math.min(24, width - length - 1));
    // The bar goes after retries, concurrency and warnings, before the rate and the counts.
    if (lowest <= 2 && length <= width) return text();
    if (lowest === 0) break;
    kept = kept.filter(([priority]) => priority !== lowest);
  }
  const line = text();
  return [...line].length <= width ? line : `${[...line].slice(0, width - 1).join('')}…`;
}

/** `45s`, `3m 05s`, `2h 10m`. */
function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
