/**
 * Runs the studio's builds in a separate Node process that lives for many builds. The user's code runs
 * there, so a `process.exit()`, a crash or an endless loop ends a build, never the studio. Each fresh load
 * of the user's files keeps some memory, so the process is also replaced after many builds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { failedOutcome } from './failed-outcome.js';
import type { BuildJob, BuildOutcome } from './studio-types.js';

export interface BuildProcessesOptions {
  /** Working directory of the build process (file names in messages are relative to it). */
  readonly cwd: string;
  /** A build taking longer is stopped and reported. Default 30 000 ms. */
  readonly timeoutMs?: number;
  /** Replace the process after this many builds. Default 500. */
  readonly maxBuilds?: number;
  /** Replace the process once its resident memory passes this. Default 768 MiB. */
  readonly maxRssBytes?: number;
}

interface Started {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  builds: number;
}

interface ChildMessage {
  readonly type?: string;
  readonly id?: number;
  readonly outcome?: BuildOutcome;
  readonly rss?: number;
  readonly message?: string;
}

/** Builds jobs in a separate process, one job at a time. */
export class BuildProcesses {
  readonly #cwd: string;
  readonly #timeoutMs: number;
  readonly #maxBuilds: number;
  readonly #maxRss: number;
  #current: Started | undefined;
  #nextId = 1;
  #closed = false;

  constructor(options: BuildProcessesOptions) {
    this.#cwd = options.cwd;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#maxBuilds = options.maxBuilds ?? 500;
    this.#maxRss = options.maxRssBytes ?? 768 * 1024 * 1024;
    this.#current = this.#start();
  }

  /** Runs one job; a crash, an exit or a timeout of the build comes back as a problem. */
  async run(job: BuildJob): Promise<BuildOutcome> {
    if (this.#closed) throw new Error('the studio is closed');
    const worker = (this.#current ??= this.#start());
    try {
      await worker.ready;
      const { outcome, rss } = await this.#exchange(worker.child, job);
      worker.builds += 1;
      if (worker.builds >= this.#maxBuilds || rss > this.#maxRss) this.#replace(worker);
      return outcome;
    } catch (error) {
      this.#replace(worker);
      const message = error instanceof Error ? error.message : String(error);
      const file = job.file ?? job.template ?? '';
      const shownFile = path.relative(job.cwd, file) || file;
      return failedOutcome([{ message, file: shownFile, line: null, column: null, severity: 'error' }], null);
    }
  }

  close(): void {
    this.#closed = true;
    this.#current?.child.kill('SIGKILL');
    this.#current = undefined;
  }

  /** Kills `worker` and starts its successor, which warms up before the next save. */
  #replace(worker: Started): void {
    worker.child.kill('SIGKILL');
    if (this.#current === worker) this.#current = this.#closed ? undefined : this.#start();
  }

  #start(): Started {
    const child = spawn(process.execPath, [...childExecArgv(), childEntry()], {
      cwd: this.#cwd,
      stdio: ['ignore', 'ignore', process.env['VSYNTH_DEBUG'] ? 'inherit' : 'ignore', 'ipc'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (message: ChildMessage): void => {
        if (message.type !== 'ready') return;
        child.off('message', onMessage);
        resolve();
      };
      child.on('message', onMessage);
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        const why = `the build process could not start (exit ${code ?? signal}); run with VSYNTH_DEBUG=1 to see why`;
        reject(new Error(why));
      });
    });
    // A process that fails to start is reported by the build that uses it.
    ready.catch(() => undefined);
    const started: Started = { child, ready, builds: 0 };
    // A process that ends between builds (its user code exited later, a crash) is replaced now,
    // so the next save does not wait for an answer that cannot come.
    child.once('exit', () => {
      if (this.#current === started) this.#current = this.#closed ? undefined : this.#start();
    });
    return started;
  }

  #exchange(child: ChildProcess, job: BuildJob): Promise<{ outcome: BuildOutcome; rss: number }> {
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const timer = setTimeout(() => {
        done();
        const seconds = Math.round(this.#timeoutMs / 1000);
        reject(
          new Error(
            `building took longer than ${seconds} s and was stopped (an endless loop in the video's code?); ` +
              'fix it and save again',
          ),
        );
      }, this.#timeoutMs);
      const onMessage = (message: ChildMessage): void => {
        if (message.id !== id) return;
        done();
        if (message.type === 'done' && message.outcome !== undefined) {
          resolve({ outcome: message.outcome, rss: message.rss ?? 0 });
        } else reject(new Error(`the build failed: ${message.message ?? 'no outcome'}`));
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
        done();
        const exit = `exit ${code ?? signal}, e.g. a process.exit() call`;
        reject(new Error(`the video's code ended the build (${exit}); the studio keeps running`));
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (child.exitCode !== null || child.signalCode !== null || !child.connected) {
        onExit(child.exitCode, child.signalCode);
        return;
      }
      child.send({ id, job }, (error) => {
        if (error) onExit(child.exitCode, child.signalCode);
      });
    });
  }
}

/** build-child.ts from source, build-child.js once built. */
function childEntry(): string {
  const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
  return fileURLToPath(new URL(`./build-child${ext}`, import.meta.url));
}

/**
 * This process's Node flags with a bare `--import` specifier made absolute: the build process runs in the
 * user's directory, where `tsx` may not resolve.
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
