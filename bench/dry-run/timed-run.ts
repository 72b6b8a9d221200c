/**
 * Runs node in a child process under `/usr/bin/time`: its peak memory and CPU come from the
 * kernel's accounting of that process alone, whatever it runs (the built CLI, tsx).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';

export interface TimedRun {
  readonly stdout: string;
  /** Peak resident set size in MB. */
  readonly peakRssMB: number;
  /** User + system CPU seconds. */
  readonly cpuSeconds: number;
}

/**
 * Runs `node …args`; rejects when it exits with another code than 0. `report` is a scratch file
 * for `/usr/bin/time`'s figures.
 *
 * @example const run = await timedNode(['packages/cli/bin/vsynth.js', '--help'], '/tmp/x/time.txt');
 */
export async function timedNode(args: readonly string[], report: string): Promise<TimedRun> {
  const child = spawn('/usr/bin/time', ['-o', report, '-f', '%M %U %S', process.execPath, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`node ${args.join(' ')} exited with ${code}: ${stderr.slice(0, 500)}`);
  const [maxRssKb, user, system] = (await readFile(report, 'utf8')).trim().split('\n').at(-1)!.split(' ').map(Number);
  await rm(report);
  return { stdout, peakRssMB: maxRssKb! / 1024, cpuSeconds: user! + system! };
}
