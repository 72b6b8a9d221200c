/** Time as the batch runner sees it; tests inject both to run backoff without waiting. */
export interface BatchClock {
  /** Milliseconds, monotonic enough for spacing requests. */
  readonly now: () => number;
  /** Resolves after `ms`, or rejects with the signal's reason when it aborts first. */
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * The real clock: `performance.now()` and a timer.
 *
 * @example await systemClock.sleep(100)
 */
export const systemClock: BatchClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};
