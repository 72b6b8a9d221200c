import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Issue } from '@vsynth/core';

/** Measures the text of a v3 payload in its boxes (preview's `findTextOverflow`), off the main thread. */
export interface TextMeasurer {
  /** The payload's text overflow warnings, by payload path; the measurer is closed afterwards. */
  measure(payload: unknown): Promise<Issue[]>;
  /** Stops the thread without measuring (e.g. after a failed compile). */
  close(): void;
}

/** The measurer `prestartTextMeasurer` started, until `startTextMeasurer` takes it. */
let prestarted: { measurer: TextMeasurer; worker: Worker } | undefined;

/**
 * Starts the measurer's thread now, at CLI start, for the next `startTextMeasurer` to take: its fonts then
 * load while the CLI loads its own modules too. Until taken, the thread does not keep the process alive.
 *
 * @example prestartTextMeasurer(); … const measurer = startTextMeasurer()
 */
export function prestartTextMeasurer(): void {
  if (prestarted !== undefined) return;
  prestarted = createMeasurer();
  prestarted.worker.unref();
}

/** Stops a prestarted measurer nothing will take (e.g. the checks turned out to be off). */
export function discardPrestartedTextMeasurer(): void {
  prestarted?.measurer.close();
  prestarted = undefined;
}

/**
 * Starts loading the preview's fonts on a worker thread, so that they are ready when the compile on this
 * thread is done: loading them costs about as much as compiling a short video. Takes the prestarted
 * measurer when there is one. Where no worker can run the measuring module (a test runner without the
 * TypeScript loader), it measures on this thread instead.
 *
 * @example const measurer = startTextMeasurer(); const warnings = await measurer.measure(compiled.payload)
 */
export function startTextMeasurer(): TextMeasurer {
  const { measurer, worker } = prestarted ?? createMeasurer();
  prestarted = undefined;
  worker.ref();
  return measurer;
}

function createMeasurer(): { measurer: TextMeasurer; worker: Worker } {
  const here = fileURLToPath(import.meta.url);
  const worker = new Worker(new URL(`./text-measurer-worker${extname(here)}`, import.meta.url));
  // A worker that fails to start, throws or exits before answering leaves the measuring to this thread.
  const failed = new Promise<void>((resolve) => {
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  const inProcess = async (payload: unknown): Promise<Issue[]> => {
    const { findTextOverflow, loadTextShaper } = await import('@vsynth/preview');
    await loadTextShaper();
    return findTextOverflow(payload);
  };
  const measurer: TextMeasurer = {
    async measure(payload) {
      const answer = new Promise<Issue[]>((resolve) => worker.once('message', resolve));
      worker.postMessage(payload);
      try {
        const issues = await Promise.race([answer, failed.then(() => undefined)]);
        return issues ?? (await inProcess(payload));
      } finally {
        void worker.terminate();
      }
    },
    close() {
      void worker.terminate();
    },
  };
  return { measurer, worker };
}
