/**
 * Helpers of packed-packages.test.ts: build and pack every workspace package, read a tarball's
 * files, and run commands in a project outside the repository.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import { REPO_ROOT } from './run-vsynth.js';
import { builtIsCurrent } from '../bench/code-under-test.js';

export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command (no shell) and collects its output; never rejects for a non-zero exit. */
export function run(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number; inheritEnv?: boolean },
): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd: options.cwd,
        env: { ...(options.inheritEnv !== false && process.env), NO_COLOR: '1', NODE_OPTIONS: '', ...options.env },
        timeout: options.timeout ?? 120_000,
        maxBuffer: 64 << 20,
      },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : null;
        resolve({ code, stdout, stderr: error !== null && code === null ? `${stderr}\n${error.message}` : stderr });
      },
    );
  });
}

const BUILD_LOCK = path.join(REPO_ROOT, 'node_modules/.cache/vsynth-build.lock');

/**
 * Runs `fn` while no other test process builds the packages: a build empties each `dist/` first,
 * so two at once (packed-packages and the registry test, in parallel workers) break each other.
 * The lock is a folder holding its owner's pid; a dead owner's lock is taken over.
 */
export async function withBuildLock<T>(fn: () => Promise<T>): Promise<T> {
  mkdirSync(path.dirname(BUILD_LOCK), { recursive: true });
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      const owner = Number(readFileSync(path.join(BUILD_LOCK, 'pid'), { encoding: 'utf8', flag: 'a+' }));
      if (owner > 0 && !isAlive(owner)) rmSync(BUILD_LOCK, { recursive: true, force: true });
      else await sleep(1_000);
    }
  }
  writeFileSync(path.join(BUILD_LOCK, 'pid'), String(process.pid));
  try {
    return await fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Builds the packages unless `dist/` is current, then `pnpm pack` of each into `into`; returns the tarballs. */
export function buildAndPack(into: string): Promise<string[]> {
  return withBuildLock(() => buildAndPackUnlocked(into));
}

/** `npx --yes pnpm@10 build` of every package; the caller holds the build lock. */
export async function buildPackages(): Promise<void> {
  const build = await run('npx', ['--yes', 'pnpm@10', 'build'], { cwd: REPO_ROOT, timeout: 400_000 });
  if (build.code !== 0) throw new Error(`pnpm build failed:\n${build.stdout}\n${build.stderr}`);
}

async function buildAndPackUnlocked(into: string): Promise<string[]> {
  if (!builtIsCurrent(path.join(REPO_ROOT, 'packages'))) await buildPackages();
  const pack = await run(
    'npx',
    ['--yes', 'pnpm@10', '-r', '--filter', './packages/*', 'exec', 'pnpm', 'pack', '--pack-destination', into],
    { cwd: REPO_ROOT },
  );
  if (pack.code !== 0) throw new Error(`pnpm pack failed:\n${pack.stdout}\n${pack.stderr}`);
  return readdirSync(into)
    .filter((name) => name.endsWith('.tgz'))
    .map((name) => path.join(into, name));
}

/** The packages of the workspace, by folder name, with their package.json. */
export function workspacePackages(): { dir: string; manifest: Record<string, unknown> }[] {
  const root = path.join(REPO_ROOT, 'packages');
  return readdirSync(root).map((dir) => ({
    dir,
    manifest: JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as Record<string, unknown>,
  }));
}

/** Every bare specifier imported (statically or with `import()`) by a built JS file. */
export function bareImports(js: string): string[] {
  const found = new Set<string>();
  for (const match of js.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g)) {
    const specifier = match[2] ?? '';
    // A package name (or node: built-in); not a relative path, nor code generated into a string.
    if (/^(@[a-z0-9~-][\w.~-]*\/)?[a-z0-9~-][\w.~-]*(:[\w/.-]+)?(\/[\w./-]+)?$/.test(specifier)) found.add(specifier);
  }
  return [...found];
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** Starts `vsynth sandbox --port 0` from the project's bin; resolves with its URL and the process. */
export function startSandbox(cwd: string, dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  return startServer(cwd, ['sandbox', '--port', '0', '--quiet', '--data-dir', dataDir]);
}

/**
 * Starts a vsynth server command (sandbox, studio) from the project's bin; resolves with the `{"url"}` it prints first.
 */
export async function startServer(cwd: string, args: readonly string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(cwd, 'node_modules/.bin/vsynth'), ...args], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      if (out.includes('\n')) resolve((JSON.parse(out.split('\n')[0] ?? '') as { url: string }).url);
    });
    child.on('exit', (code) => reject(new Error(`vsynth ${args[0] ?? ''} exited with ${code}: ${err}`)));
  });
  return { url, child };
}
