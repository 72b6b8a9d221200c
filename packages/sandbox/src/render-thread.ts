import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/** What a render thread sends back: the artifact, or why it could not be drawn. */
export type RenderReply =
  | {
      readonly id: number;
      readonly artifact: { readonly fileName: string; readonly contentType: string; readonly bytes: Uint8Array };
      readonly error?: undefined;
    }
  | { readonly id: number; readonly error: string; readonly artifact?: undefined };

/** What a render thread is asked: draw a payload, or stop drawing one. */
export type RenderRequest =
  | { readonly type: 'render'; readonly id: number; readonly payload: unknown }
  | { readonly type: 'cancel'; readonly id: number };

export interface RenderThreadOptions {
  /** An idle thread ends after this long (ms, default 10 000) and the next render starts another. */
  readonly idleMs?: number;
}

interface Waiting {
  readonly worker: Worker;
  readonly resolve: (artifact: NonNullable<RenderReply['artifact']>) => void;
  readonly reject: (error: Error) => void;
}

/**
 * Draws `@vsynth/preview` artifacts in one worker thread at a low CPU priority, so the sandbox's
 * thread goes on answering requests while drafts are drawn. The thread starts at the first render,
 * renders several at once and ends when idle; a thread that fails fails the renders it had.
 *
 * @example
 * const thread = new RenderThread();
 * const { fileName, bytes } = await thread.render(payload, AbortSignal.timeout(60_000));
 */
export class RenderThread {
  readonly #idleMs: number;
  #worker: Worker | undefined;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 1;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(options: RenderThreadOptions = {}) {
    this.#idleMs = options.idleMs ?? 10_000;
  }

  /** Draws `payload`; aborting `signal` stops the drawing and rejects with the signal's reason. */
  render(payload: unknown, signal?: AbortSignal): Promise<NonNullable<RenderReply['artifact']>> {
    if (signal?.aborted === true) return Promise.reject(signal.reason as Error);
    clearTimeout(this.#idleTimer);
    const worker = (this.#worker ??= this.#start());
    worker.ref();
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const onAbort = () => worker.postMessage({ type: 'cancel', id } satisfies RenderRequest);
      signal?.addEventListener('abort', onAbort, { once: true });
      const settled = () => {
        signal?.removeEventListener('abort', onAbort);
        this.#waiting.delete(id);
        if (this.#waiting.size === 0 && this.#worker === worker) this.#idle(worker);
      };
      this.#waiting.set(id, {
        worker,
        resolve: (artifact) => {
          settled();
          // A drawing can finish before the thread reads the cancel: the abort still decides.
          if (signal?.aborted === true) reject(signal.reason as Error);
          else resolve(artifact);
        },
        reject: (error) => {
          settled();
          reject(signal?.aborted === true ? (signal.reason as Error) : error);
        },
      });
      worker.postMessage({ type: 'render', id, payload } satisfies RenderRequest);
    });
  }

  /** Ends the thread now; renders in progress reject. */
  async close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    const worker = this.#worker;
    this.#worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }

  #start(): Worker {
    const worker = startWorker();
    worker.on('message', (reply: RenderReply) => {
      const waiting = this.#waiting.get(reply.id);
      if (reply.artifact !== undefined) waiting?.resolve(reply.artifact);
      else waiting?.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.#worker === worker) this.#worker = undefined;
      for (const waiting of [...this.#waiting.values()]) if (waiting.worker === worker) waiting.reject(error);
    };
    worker.on('error', (error) => fail(new Error(`the render thread failed: ${error.message}`)));
    worker.on('exit', (code) => fail(new Error(`the render thread stopped (exit code ${code})`)));
    return worker;
  }

  /** Lets the process exit past an idle thread, and ends the thread after `idleMs`. */
  #idle(worker: Worker): void {
    worker.unref();
    this.#idleTimer = setTimeout(() => {
      if (this.#worker !== worker || this.#waiting.size > 0) return;
      this.#worker = undefined;
      void worker.terminate();
    }, this.#idleMs);
    this.#idleTimer.unref();
  }
}

/**
 * The thread runs `render-thread-entry`: built, its `.js` file; from the repository's sources
 * (tests, `pnpm vsynth`), its `.ts` file, loaded through tsx with the sources' export condition,
 * as the process itself was.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./render-thread-entry.js', import.meta.url));
  const tsx = new URL('./index.mjs', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api'))).href;
  const entry = new URL('./render-thread-entry.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`,
    {
      eval: true,
      execArgv: ['--conditions=@vsynth/source'],
    },
  );
}
