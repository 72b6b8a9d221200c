import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

describe('vsynth writing into a pipe its reader closed (`vsynth … | head`)', () => {
  it('stops quietly with its own exit code instead of an EPIPE stack trace', async () => {
    const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, 'compile', 'examples/promo.tsx', '--report'], {
      cwd: REPO_ROOT,
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    // Closed before the CLI writes anything, so its first write finds no reader.
    child.stdout.destroy();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).not.toContain('EPIPE');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
