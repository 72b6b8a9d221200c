import { spawn } from 'node:child_process';
import { omitUndefined } from '@vsynth/core';

export interface ProgramResult {
  readonly code: number | null;
  readonly stdout: string;
  /** The last ~4 KB of stderr. */
  readonly stderrTail: string;
}

/** Spawns `file` with `args` (no shell) and resolves when it exits, with the end of its stderr. */
export function runProgram(
  file: string,
  args: readonly string[],
  options: { readonly signal?: AbortSignal | undefined } = {},
): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...omitUndefined({ signal: options.signal }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4096);
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderrTail: stderr }));
  });
}
