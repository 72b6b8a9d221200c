/**
 * Runs the real `vsynth` command, built, as an installed one starts (`packages/cli/bin/vsynth.js`),
 * and collects what it printed. Shared by every test that spawns the CLI; test/global-setup.ts builds
 * the packages first when a source is newer than its `dist/`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Node's arguments that start the built CLI; for tests that drive a long-running command. */
export const VSYNTH_NODE_ARGS: readonly string[] = [path.join(REPO_ROOT, 'packages/cli/bin/vsynth.js')];

export interface VsynthRun {
  /** Exit code; null when a signal ended the process. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunVsynthOptions {
  /** Default the repository root. */
  readonly cwd?: string;
  /** Variables added to (or, with `inheritEnv: false`, the whole of) the environment. */
  readonly env?: NodeJS.ProcessEnv;
  /** Start from this process's environment. Default true. */
  readonly inheritEnv?: boolean;
}

/** @example const { code, stdout } = await runVsynth(['compile', 'examples/hello.tsx']) */
export function runVsynth(args: readonly string[], options: RunVsynthOptions = {}): Promise<VsynthRun> {
  const env = { ...(options.inheritEnv === false ? {} : process.env), NO_COLOR: '1', NODE_OPTIONS: '', ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...VSYNTH_NODE_ARGS, ...args], { cwd: options.cwd ?? REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
