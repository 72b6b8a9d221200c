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

/**
 * Starts loading the preview's fonts on a worker thread, so that they are ready when the compile on this
 * thread is done: loading them costs about as much as compiling a short video. Where no worker can run
 * the measuring module (a test runner without the TypeScript loader), it measures on this thread instead.
 *
 * @example const measurer = startTextMeasurer(); const warnings = await measurer.measure(compiled.payload)
 */
export function startTextMeasurer(): TextMeasurer {
  const here = fileURLToPath(import.meta.url);
  const worker = new Worker(new URL(`./text-measurer-worker${extname(here)}`, import.meta.url));
  // A worker that fails to start, throws or exits before answering leaves the measuring to this thread.
  const failed = new Promise<void>((resolve) => {
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  const inProcess = async (payload: unknown): Promise<Issue[]> => {
    const { findTextOverflow } = await import('@vsynth/preview');
    return findTextOverflow(payload);
  };
  return {
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
}
