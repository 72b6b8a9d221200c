/**
 * Bench helpers: servers in child processes (so client and service do not share one event loop)
 * that print their URL when they have started, the real `vsynth sandbox` CLI among them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { CLI_ARGS, TS_NODE_ARGS } from './code-under-test.js';

/** Starts the real `vsynth sandbox` CLI on a free port; resolves with its base URL once it has started. */
export async function spawnSandbox(flags: readonly string[]): Promise<{ url: string; child: ChildProcess }> {
  // VSYNTH_BENCH_SANDBOX_NODE_ARGS: extra node flags for the sandbox alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const { child, url } = spawnUntilUrl('vsynth sandbox', [...CLI_ARGS, 'sandbox', '--port', '0', '--quiet', ...flags], { nodeArgs: nodeArgsOf('VSYNTH_BENCH_SANDBOX_NODE_ARGS') });
  return { url: await url, child };
}

/**
 * Starts node on `args` (a TypeScript script and its flags, run against `bench/code-under-test.ts`'s
 * vsynth) for a server that prints `{"url": …}` as its first line; `url` resolves with it, or
 * rejects if the server exits first. `nodeArgs` go to node itself (e.g. `--cpu-prof`).
 *
 * @example const { child, url } = spawnServer(['bench/sandbox/bare-http-server.ts', '--parse']);
 */
export function spawnServer(
  args: readonly string[],
  options: { readonly nodeArgs?: readonly string[]; readonly env?: NodeJS.ProcessEnv } = {},
): { child: ChildProcess; url: Promise<string> } {
  return spawnUntilUrl(args[0] ?? 'server', [...TS_NODE_ARGS, ...args], options);
}

function spawnUntilUrl(
  name: string,
  args: readonly string[],
  options: { readonly nodeArgs?: readonly string[]; readonly env?: NodeJS.ProcessEnv },
): { child: ChildProcess; url: Promise<string> } {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: options.env ?? process.env,
  });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0]!) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
  return { child, url };
}

/** Node flags from the environment variable `name`, split at spaces. */
export function nodeArgsOf(name: string): string[] {
  return process.env[name]?.split(' ').filter(Boolean) ?? [];
}

/** Stops a sandbox started by {@link spawnSandbox} (SIGTERM) and resolves once it has exited. */
export async function stopSandbox(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}
