/**
 * The live progress bar of `vsynth batch` on a terminal: rows settled, by status, with retries,
 * the adaptive concurrency and the warnings so far.
 */
import type { BatchEvent } from '@vsynth/batch';

/**
 * A one-line live bar on stderr (counts only when the total is unknown), redrawn at most 10 times a
 * second; warnings are printed above it.
 *
 * @example const bar = progressBar(120); for await (const event of events) bar.update(event); bar.finish();
 */
export function progressBar(total: number | undefined): { update(event: BatchEvent): void; finish(): void } {
  const counts = { done: 0, failed: 0, unknown: 0, skipped: 0, ok: 0, retries: 0 };
  let limit = 0;
  let last = 0;
  let warnings = 0;
  const draw = (force = false) => {
    const now = Date.now();
    if (!force && now - last < 100) return;
    last = now;
    const settled = counts.done + counts.failed + counts.unknown + counts.skipped + counts.ok;
    const width = 24;
    const filled = total === undefined || total === 0 ? 0 : Math.min(width, Math.round((settled / total) * width));
    const bar = total === undefined ? '' : `${'█'.repeat(filled)}${'░'.repeat(width - filled)} `;
    const parts = [
      total === undefined ? `${settled} rows` : `${settled}/${total} rows`,
      `done ${counts.done + counts.skipped}`,
      `failed ${counts.failed}`,
      `unknown ${counts.unknown}`,
    ];
    if (counts.ok > 0) parts.push(`ok ${counts.ok}`);
    if (counts.retries > 0) parts.push(`retries ${counts.retries}`);
    if (limit > 0) parts.push(`concurrency ${limit}`);
    if (warnings > 0) parts.push(`⚠ ${warnings}`);
    process.stderr.write(`\r${bar}${parts.join(' · ')}\x1b[K`);
  };
  return {
    update(event) {
      if (event.type === 'start') limit = event.concurrency;
      if (event.type === 'concurrency') limit = event.limit;
      if (event.type === 'retry') counts.retries += 1;
      if (event.type === 'warning') {
        // Printed in full above the bar (the first 20; every one is in the summary's count and in --events jsonl).
        warnings += 1;
        if (warnings <= 20) process.stderr.write(`\r\x1b[Kvsynth: warning: ${event.message}\n`);
        else if (warnings === 21)
          process.stderr.write('\r\x1b[Kvsynth: more warnings follow; --events jsonl lists them all\n');
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
      process.stderr.write('\n');
    },
  };
}
