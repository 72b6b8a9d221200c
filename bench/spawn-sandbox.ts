/**
 * Bench helper: starts the real `vsynth sandbox` CLI in a child process on a free port (so client
 * and service do not share one event loop) and resolves with its base URL once it has started.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export async function spawnSandbox(flags: readonly string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    // VSYNTH_BENCH_SANDBOX_NODE_ARGS: extra node flags for the sandbox alone, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    [...(process.env['VSYNTH_BENCH_SANDBOX_NODE_ARGS']?.split(' ').filter(Boolean) ?? []), '--conditions=@vsynth/source', '--import', 'tsx', 'packages/cli/src/index.ts', 'sandbox', '--port', '0', '--quiet', ...flags],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0]!) as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return { url, child };
}

/** Stops a sandbox started by {@link spawnSandbox} (SIGTERM) and resolves once it has exited. */
export async function stopSandbox(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill();
  await exited;
}
