/**
 * Servers the benches talk to, each in a child process so client and server do not share one
 * event loop: the real `vsynth sandbox` CLI, or a bench server script. Each prints `{"url": …}`
 * as its first line once it listens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_ARGS, TS_NODE_ARGS } from './code-under-test.js';

export interface SpawnedServer {
  readonly child: ChildProcess;
  readonly url: string;
}

/** Starts the real `vsynth sandbox` CLI on a free port with `flags`; resolves once it listens. */
export async function spawnSandbox(flags: readonly string[]): Promise<SpawnedServer> {
  return spawnUntilUrl('vsynth sandbox', [...CLI_ARGS, 'sandbox', '--port', '0', '--quiet', ...flags]);
}

/**
 * Starts a TypeScript server script (with its flags) against the vsynth of
 * `bench/code-under-test.ts`; resolves once it listens, rejects if it exits first.
 *
 * @example const service = await spawnServer(['bench/batch/slow-service.ts', '--latency', '200']);
 */
export async function spawnServer(args: readonly string[]): Promise<SpawnedServer> {
  return spawnUntilUrl(args[0] ?? 'server', [...TS_NODE_ARGS, ...args]);
}

function spawnUntilUrl(name: string, args: readonly string[]): Promise<SpawnedServer> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve({ child, url: (JSON.parse(out.split('\n')[0]!) as { url: string }).url });
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/** Stops a server started here (SIGTERM) and resolves once it has exited. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
