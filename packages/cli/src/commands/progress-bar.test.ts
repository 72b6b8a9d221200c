import { describe, expect, it } from 'vitest';
import { progressBar } from './progress-bar.js';

/** A terminal of `columns` that keeps what was written, and a clock moved by hand. */
function terminal(columns: number) {
  const writes: string[] = [];
  let time = 0;
  return {
    writes,
    stream: { columns, write: (text: string) => writes.push(text) },
    now: () => time,
    advance: (ms: number) => (time += ms),
  };
}

/** What a redraw shows: the text between `\r` and the erase-to-end-of-line. */
const shown = (write: string) => write.replace(/^\r/, '').replace(/\x1b\[K$/, '');

describe('progressBar', () => {
  it('redraws in place within the terminal width, with rows/s and an ETA', () => {
    for (const columns of [60, 120]) {
      const term = terminal(columns);
      const bar = progressBar(200, { stream: term.stream, now: term.now });
      bar.update({ type: 'start', batchId: 'b1', resumed: false, dryRun: false, concurrency: 4 });
      for (let row = 1; row <= 50; row++) {
        term.advance(200);
        bar.update({ type: 'row', row, rowKey: `k${row}`, status: row % 10 === 0 ? 'failed' : 'done', attempts: 1 });
      }
      const last = term.writes.at(-1)!;
      expect(last.startsWith('\r')).toBe(true);
      expect(last.endsWith('\x1b[K')).toBe(true);
      // No redraw writes a line end (which would scroll) or is wider than the terminal (which would wrap).
      for (const write of term.writes) {
        expect(write).not.toContain('\n');
        expect([...shown(write)].length).toBeLessThan(columns);
      }
      // 50 rows in 10 s: 5 rows/s, 150 rows to go: 30 s.
      expect(shown(last)).toContain('50/200 rows');
      expect(shown(last)).toContain('5.0 rows/s');
      expect(shown(last)).toContain('ETA 30s');
      if (columns === 120) expect(shown(last)).toMatch(/^[█░]{24} 50\/200 rows · done 45 · failed 5 · 5\.0 rows\/s/);
    }
  });

  it('prints warnings above the bar on their own lines and ends with a line end', () => {
    const term = terminal(40);
    const bar = progressBar(undefined, { stream: term.stream, now: term.now });
    bar.update({ type: 'warning', message: 'column "city" is not used' });
    bar.finish();
    expect(term.writes[0]).toBe('\r\x1b[Kvsynth: warning: column "city" is not used\n');
    expect(term.writes.at(-1)).toBe('\n');
    expect([...shown(term.writes.at(-2)!)].length).toBeLessThan(40);
  });
});
