/**
 * Runs each build in its own short-lived Node process, one always started ahead and warmed up.
 * A fresh process per build is what makes edits of imported modules visible: tsx's `tsImport`
 * keeps CommonJS modules in `require.cache` between calls, and a fresh ESM namespace per call
 * would keep every old copy in memory. It also contains the user's code: a `process.exit()` or
 * an endless loop ends that build, never the studio.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BuildJob, BuildOutcome } from './studio-types.js';

/** Options of {@link BuildProcesses}. */
export interface BuildProcessesOptions {
  /** Working directory of the build processes (file names in messages are relative to it). */
  readonly cwd: string;
  /** A build taking longer is stopped and reported. Default 30 000 ms. */
  readonly timeoutMs?: number;
}

interface Started {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
}

/**
 * Builds jobs in fresh processes.
 *
 * @example
 * const builds = new BuildProcesses({ cwd: process.cwd() });
 * const outcome = await builds.run({ file: '/work/video.tsx', row: 1, cwd: process.cwd() });
 * builds.close();
 */
export class BuildProcesses {
  readonly #cwd: string;
  readonly #timeoutMs: number;
  #spare: Started | undefined;
  #closed = false;
  readonly #running = new Set<ChildProcess>();

  constructor(options: BuildProcessesOptions) {
    this.#cwd = options.cwd;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#spare = this.#start();
  }

  /** Runs one job; a crash, an exit or a timeout of the build comes back as a problem. */
  async run(job: BuildJob): Promise<BuildOutcome> {
    if (this.#closed) throw new Error('the studio is closed');
    const started = this.#spare ?? this.#start();
    this.#spare = undefined;
    const { child } = started;
    this.#running.add(child);
    try {
      await started.ready;
      return await this.#exchange(child, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const file = job.file ?? job.template ?? '';
      return failedBuild(message, path.relative(job.cwd, file) || file);
    } finally {
      this.#running.delete(child);
      child.kill('SIGKILL');
      // The next process warms up after this build, not beside it: on a small machine the two
      // would share the CPU and the save would wait longer.
      if (!this.#closed) this.#spare ??= this.#start();
    }
  }

  /** Stops the warm process and any running build. */
  close(): void {
    this.#closed = true;
    this.#spare?.child.kill('SIGKILL');
    for (const child of this.#running) child.kill('SIGKILL');
  }

  #start(): Started {
    const child = spawn(process.execPath, [...childExecArgv(), childEntry()], {
      cwd: this.#cwd,
      stdio: ['ignore', 'ignore', process.env['VSYNTH_DEBUG'] ? 'inherit' : 'ignore', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string }): void => {
        if (message.type !== 'ready') return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.once('error', reject);
      child.once('exit', (code, signal) => reject(new Error(`the build process could not start (exit ${code ?? signal}); run with VSYNTH_DEBUG=1 to see why`)));
    });
    // A spare that fails is reported by the build that uses it.
    ready.catch(() => undefined);
    return { child, ready };
  }

  #exchange(child: ChildProcess, job: BuildJob): Promise<BuildOutcome> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`building took longer than ${Math.round(this.#timeoutMs / 1000)} s and was stopped (an endless loop in the video's code?); fix it and save again`));
      }, this.#timeoutMs);
      child.on('message', (message: { type?: string; outcome?: BuildOutcome; message?: string }) => {
        clearTimeout(timer);
        if (message.type === 'done' && message.outcome !== undefined) resolve(message.outcome);
        else reject(new Error(`the build failed: ${message.message ?? 'no outcome'}`));
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the video's code ended the build (exit ${code ?? signal}, e.g. a process.exit() call); the studio keeps running`));
      });
      child.send(job);
    });
  }
}

function failedBuild(message: string, file: string): BuildOutcome {
  const none = { payload: null, problems: [], warnings: [] };
  return {
    ok: false,
    problems: [{ message, file, line: null, column: null, severity: 'error' }],
    targets: { v3A: none, v3B: none, legacy: none },
    drawn: null,
    slots: {},
    cubes: null,
    rows: null,
    loaded: [],
  };
}

/** build-child.ts from source, build-child.js once built. */
function childEntry(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`./build-child${ext}`, import.meta.url));
}

/**
 * This process's Node flags (from source: `--conditions=@vsynth/source --import tsx`), with a
 * bare `--import` specifier made absolute: the build process runs in the user's directory,
 * where `tsx` may not resolve.
 */
function childExecArgv(): string[] {
  const args = [...process.execArgv];
  const from = createRequire(process.argv[1] ?? path.join(process.cwd(), 'index.js'));
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const inline = /^--import=(.+)$/.exec(arg);
    const specifier = inline ? inline[1] : arg === '--import' ? args[index + 1] : undefined;
    if (specifier === undefined || /^(file:|\.|\/)/.test(specifier)) continue;
    let resolved: string;
    try {
      resolved = pathToFileURL(from.resolve(specifier)).href;
    } catch {
      continue;
    }
    if (inline) args[index] = `--import=${resolved}`;
    else args[index + 1] = resolved;
  }
  return args;
}
