import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testSandbox } from './batch-helpers.js';
import { WELCOME, useQueueFixture, writeCustomers } from './queue-helpers.js';
import { redisMissing } from './redis-server.js';
import { VSYNTH_NODE_ARGS, runVsynth } from './run-vsynth.js';

// util-linux's `script` gives the command a pseudo-terminal, as a user's shell would.
const scriptMissing = existsSync('/usr/bin/script') ? undefined : 'no /usr/bin/script for a pseudo-terminal';
const skipped = redisMissing ?? scriptMissing;

const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;

describe.skipIf(skipped !== undefined)(
  `vsynth batch status --wait on a terminal${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    const fixture = useQueueFixture('vsynth-queue-tty-', ['--concurrency', '2', '--events', 'jsonl']);

    it('draws a progress bar up to every row, then the summary line', async () => {
      fixture.sandbox = await testSandbox();
      const data = await writeCustomers(fixture.dir, 5);
      const enqueue = await runVsynth([
        'batch',
        '--template',
        WELCOME,
        '--data',
        data,
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'tty',
      ]);
      expect(enqueue.code).toBe(0);
      fixture.worker();
      const command = [
        process.execPath,
        ...VSYNTH_NODE_ARGS,
        'batch',
        'status',
        '--queue',
        fixture.redis.url,
        '--batch-id',
        'tty',
        '--wait',
        '--interval',
        '0.2',
      ]
        .map(quote)
        .join(' ');
      const screen = await new Promise<string>((resolve, reject) =>
        execFile('/usr/bin/script', ['-qec', command, '/dev/null'], { timeout: 40_000 }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      );
      const frames = screen
        .split('\r')
        .map((frame) => frame.replace(/\x1b\[K/g, '').trim())
        .filter(Boolean);
      expect(frames.some((frame) => frame.includes('5/5 rows · done 5'))).toBe(true);
      expect(screen).toMatch(
        /batch tty .*: 5 rows — 0 waiting, 0 active, 5 done, 0 failed, 0 unknown; 10 cubes; .* rows\/s; finished/,
      );
      expect(screen).not.toContain('{"');
    }, 60_000);
  },
);
