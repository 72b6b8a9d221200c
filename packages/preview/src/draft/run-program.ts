/**
 * Runs a program to completion, keeping the end of its stderr for error messages.
 */
import { spawn } from 'node:child_process';

export interface ProgramResult {
  readonly code: number | null;
  readonly stdout: string;
  /** The last ~4 KB of stderr. */
  readonly stderrTail: string;
}

/**
 * Spawns `file` with `args` (no shell) and resolves when it exits.
 *
 * @example
 * const { code } = await runProgram('/usr/bin/ffmpeg', ['-version'])
 */
export function runProgram(file: string, args: readonly string[], options: { readonly signal?: AbortSignal } = {}): Promise<ProgramResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(options.signal ? { signal: options.signal } : {}) });
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
