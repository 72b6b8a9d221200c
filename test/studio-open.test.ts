import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyLibraryDemo } from './studio-helpers.js';
import { VSYNTH_NODE_ARGS } from './run-vsynth.js';

// util-linux's `script` gives the studio a pseudo-terminal, as a user's shell would; a stand-in
// `xdg-open` on PATH records what the studio asked the system to open.
const skipped =
  existsSync('/usr/bin/script') && existsSync('/usr/bin/timeout')
    ? undefined
    : 'no /usr/bin/script or /usr/bin/timeout';
const quote = (arg: string): string => `'${arg.replaceAll("'", `'\\''`)}'`;

describe.skipIf(skipped !== undefined)(
  `vsynth studio on a terminal${skipped === undefined ? '' : ` (skipped: ${skipped})`}`,
  () => {
    let dir: string;
    let bin: string;
    beforeAll(async () => {
      dir = await copyLibraryDemo();
      bin = await mkdtemp(path.join(tmpdir(), 'vsynth-open-bin-'));
    });
    afterAll(async () => {
      await rm(dir, { recursive: true, force: true });
      await rm(bin, { recursive: true, force: true });
    });

    /** Runs the studio on a pseudo-terminal for 10 s with PATH = only `bin`, and returns what it printed. */
    const runOnTerminal = (extra: readonly string[]): Promise<string> => {
      const studio = [
        process.execPath,
        ...VSYNTH_NODE_ARGS,
        'studio',
        'library-demo.tsx',
        '--props',
        'library-demo.props.json',
        '--port',
        '0',
        ...extra,
      ];
      const command = `/usr/bin/timeout -s INT 10 ${studio.map(quote).join(' ')}`;
      return new Promise((resolve, reject) =>
        execFile(
          '/usr/bin/script',
          ['-qec', command, '/dev/null'],
          { cwd: dir, env: { ...process.env, PATH: bin }, timeout: 30_000 },
          (error, stdout) => (error && error.code !== 130 && error.code !== 124 ? reject(error) : resolve(stdout)),
        ),
      );
    };

    it('opens the page in the system browser, and not with --no-open', async () => {
      const opened = path.join(bin, 'opened.txt');
      await writeFile(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" >> ${quote(opened)}\n`);
      await chmod(path.join(bin, 'xdg-open'), 0o755);
      const screen = await runOnTerminal([]);
      const url = /"url":\s*"(http:\/\/127\.0\.0\.1:\d+\/?)"/.exec(screen)?.[1];
      expect(url).toBeDefined();
      expect((await readFile(opened, 'utf8')).trim()).toBe(url);
      await rm(opened);
      await runOnTerminal(['--no-open']);
      expect(existsSync(opened)).toBe(false);
      await rm(path.join(bin, 'xdg-open'));
    }, 60_000);

    it('does not fail when no browser can be opened, and says where the page is', async () => {
      const screen = await runOnTerminal([]);
      expect(screen).toMatch(/"url":\s*"http:\/\/127\.0\.0\.1:\d+/);
      expect(screen).toContain('could not open a browser; open http://127.0.0.1:');
      expect(screen).not.toMatch(/\n\s+at /);
    }, 60_000);
  },
);
