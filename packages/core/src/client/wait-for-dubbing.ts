import { isApiError } from '../errors/api-error.js';
import { isNetworkError } from '../errors/network-error.js';
import { TimeoutError, isTimeoutError } from '../errors/timeout-error.js';
import { omitUndefined } from '../object/omit-undefined.js';
import type { DubbingProgress } from '../schemas/dubbing.js';

/** State handed to `onProgress` after each poll. */
export interface DubbingProgressState {
  readonly folderId: string;
  readonly progress: DubbingProgress;
  /** 1 for the first poll. */
  readonly poll: number;
  readonly elapsedMs: number;
}

/** State handed to `onPollError` when a poll failed transiently and polling goes on. */
export interface DubbingPollErrorState {
  readonly folderId: string;
  /** The transient `ApiError`, `NetworkError` or `TimeoutError` of the poll (after its own retries). */
  readonly error: unknown;
  readonly poll: number;
  /** Milliseconds until the next poll. */
  readonly delayMs: number;
}

export interface WaitForDubbingOptions {
  /** First delay between polls; it grows ×1.5 while nothing changes and resets on progress. Default 2 s. */
  readonly intervalMs?: number;
  /** Largest delay between polls. Default 30 s. */
  readonly maxIntervalMs?: number;
  readonly onProgress?: (state: DubbingProgressState) => void;
  /**
   * Called when a poll fails transiently (5xx, 429, network, timeout, after the GET's own
   * retries). Polling goes on: the job is not lost, and only `stallTimeoutMs` or `timeoutMs` end
   * the wait. A permanent failure (401, 404) ends it at once.
   */
  readonly onPollError?: (state: DubbingPollErrorState) => void;
  readonly signal?: AbortSignal;
  /** Give up after this long in total. Default none. */
  readonly timeoutMs?: number;
  /** Give up when `progress` has not changed for this long. Default 10 min. */
  readonly stallTimeoutMs?: number;
}

export interface WaitForDubbingParameters extends WaitForDubbingOptions {
  readonly folderId: string;
  readonly getProgress: (signal: AbortSignal | undefined) => Promise<DubbingProgress>;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly clock: () => number;
}

const ENDPOINT = 'GET /api/odin/v3/automation/translatevideos';

/**
 * Polls a dubbing job until `progress` reaches 100 and a `download_url` is present. The poll
 * interval backs off while nothing changes; a job whose progress stays the same for
 * `stallTimeoutMs` ends with a `TimeoutError` saying where it got stuck. A poll that fails
 * transiently counts as "no change" (see `onPollError`).
 *
 * @example
 * const done = await client.waitForDubbing(folderId, {
 *   onProgress: ({ progress }) => console.error(progress.progress),
 * })
 * console.log(done.download_url)
 */
export async function waitForDubbing(parameters: WaitForDubbingParameters): Promise<DubbingProgress> {
  const { folderId, clock, sleep, signal } = parameters;
  const intervalMs = parameters.intervalMs ?? 2000;
  const maxIntervalMs = Math.max(intervalMs, parameters.maxIntervalMs ?? 30_000);
  const stallTimeoutMs = parameters.stallTimeoutMs ?? 10 * 60 * 1000;
  const started = clock();
  let lastValue: number | undefined;
  let lastChange = started;
  let delay = intervalMs;

  for (let poll = 1; ; poll += 1) {
    signal?.throwIfAborted();
    let progress: DubbingProgress;
    try {
      progress = await parameters.getProgress(signal);
    } catch (error) {
      if (signal?.aborted === true || !isTransient(error)) throw error;
      const now = clock();
      const reason = error instanceof Error ? error.message : String(error);
      if (now - lastChange >= stallTimeoutMs) {
        throw stopped(
          folderId,
          stallTimeoutMs,
          `made no progress for ${seconds(now - lastChange)} (the last poll failed: ${reason})`,
          'poll again later with `vsynth progress`',
          error,
        );
      }
      if (parameters.timeoutMs !== undefined && now - started >= parameters.timeoutMs) {
        throw stopped(
          folderId,
          parameters.timeoutMs,
          `did not finish within ${seconds(parameters.timeoutMs)} (the last poll failed: ${reason})`,
          'poll again later with `vsynth progress`',
          error,
        );
      }
      delay = Math.min(maxIntervalMs, Math.round(delay * 1.5));
      parameters.onPollError?.({ folderId, error, poll, delayMs: delay });
      await sleep(delay, signal);
      continue;
    }
    const now = clock();
    parameters.onProgress?.({ folderId, progress, poll, elapsedMs: now - started });
    if (isDone(progress)) return progress;

    if (lastValue === undefined || progress.progress !== lastValue) {
      lastValue = progress.progress;
      lastChange = now;
      delay = intervalMs;
    } else {
      delay = Math.min(maxIntervalMs, Math.round(delay * 1.5));
    }
    if (now - lastChange >= stallTimeoutMs) {
      throw stopped(
        folderId,
        stallTimeoutMs,
        `made no progress for ${seconds(now - lastChange)} (stuck at ${progress.progress}${progress.progress >= 100 ? ' without a download_url' : ''})`,
        'raise stallTimeoutMs if the service is just slow, or check the job in the web studio',
      );
    }
    if (parameters.timeoutMs !== undefined && now - started >= parameters.timeoutMs) {
      throw stopped(
        folderId,
        parameters.timeoutMs,
        `did not finish within ${seconds(parameters.timeoutMs)} (progress ${progress.progress})`,
        'raise timeoutMs or poll again later with `vsynth progress`',
      );
    }
    await sleep(delay, signal);
  }
}

/** Worth polling again: the service or the network failed, not the request. */
function isTransient(error: unknown): boolean {
  return (isApiError(error) && error.transient) || isNetworkError(error) || isTimeoutError(error);
}

function isDone(progress: DubbingProgress): boolean {
  return progress.progress >= 100 && typeof progress.download_url === 'string' && progress.download_url !== '';
}

function stopped(folderId: string, limitMs: number, what: string, advice: string, cause?: unknown): TimeoutError {
  const error = new TimeoutError(ENDPOINT, limitMs, omitUndefined({ cause }));
  error.message = `Dubbing job ${folderId} ${what}; stopped waiting. It may still finish: ${advice}.`;
  return error;
}

function seconds(ms: number): string {
  return `${Math.round(ms / 1000)} s`;
}
