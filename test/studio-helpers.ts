/**
 * Helpers of the studio tests and bench: a copy of an example in a temp folder, the real
 * `vsynth studio` started on it, and a reader of its `/events` stream.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, VSYNTH_NODE_ARGS } from './run-vsynth.js';

/** library-demo.tsx with its props, avatars.ts and components/ copied to a new temp folder. */
export async function copyLibraryDemo(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vsynth-studio-'));
  for (const name of ['library-demo.tsx', 'library-demo.props.json', 'avatars.ts', 'components']) {
    await cp(path.join(REPO_ROOT, 'examples', name), path.join(dir, name), { recursive: true });
  }
  await linkDependencies(dir);
  return dir;
}

/** Gives a copied example the packages it imports (zod), as an installed project has them. */
export async function linkDependencies(dir: string): Promise<void> {
  await symlink(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
}

/** Replaces `from` by `to` in a file (the test fails when `from` is not there). */
export async function edit(file: string, from: string | RegExp, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${file} does not contain ${String(from)}`);
  await writeFile(file, next);
}

/** A running `vsynth studio`. */
export interface StudioProcess {
  readonly url: string;
  readonly child: ChildProcessWithoutNullStreams;
  stderr(): string;
  /** SIGTERM, then SIGKILL after 5 s; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the real CLI (from source, or `bin/vsynth.js` with `built: true`) and waits for the
 * JSON line with its URL.
 */
export function startStudioCli(
  args: readonly string[],
  options: { cwd: string; built?: boolean },
): Promise<StudioProcess> {
  const entry = options.built === true ? [path.join(REPO_ROOT, 'packages/cli/bin/vsynth.js')] : VSYNTH_NODE_ARGS;
  const child = spawn(process.execPath, [...entry, 'studio', ...args], {
    cwd: options.cwd,
    env: { ...process.env, NO_COLOR: '1', NODE_OPTIONS: '' },
  });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (): Promise<number | null> => {
    if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`vsynth studio did not print its URL within 30 s; stderr: ${stderr}`));
    }, 30_000);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (!stdout.includes('\n') || line === undefined) return;
      clearTimeout(timer);
      resolve({ url: (JSON.parse(line) as { url: string }).url, child, stderr: () => stderr, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`vsynth studio exited with ${code} before printing its URL; stderr: ${stderr}`));
    });
  });
}

/** The events of `/events` as they arrive. */
export class EventStream {
  readonly events: { version: number; ok?: boolean; at: number }[] = [];
  readonly #request: http.ClientRequest;
  #waiters: (() => void)[] = [];

  constructor(url: string) {
    this.#request = http.get(new URL('events', url), (response) => {
      let buffer = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data === undefined) continue;
          this.events.push({
            ...(JSON.parse(data.slice(6)) as { version: number; ok?: boolean }),
            at: performance.now(),
          });
          for (const wake of this.#waiters.splice(0)) wake();
        }
      });
    });
    this.#request.on('error', () => undefined);
  }

  /** The first event with a version above `after`, within `timeoutMs`. */
  async next(after: number, timeoutMs = 30_000): Promise<{ version: number; ok?: boolean; at: number }> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find((event) => event.version > after);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no /events version above ${after} within ${timeoutMs} ms (got ${JSON.stringify(this.events)})`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.#request.destroy();
  }
}

/** GET a studio path as JSON, with the status. */
export async function getJson<T = Record<string, unknown>>(
  url: string,
  pathname: string,
): Promise<{ status: number; body: T }> {
  const response = await fetch(new URL(pathname, url));
  return { status: response.status, body: (await response.json()) as T };
}
