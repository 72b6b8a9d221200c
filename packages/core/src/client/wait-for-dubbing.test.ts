import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors/api-error.js';
import { NetworkError } from '../errors/network-error.js';
import { isTimeoutError } from '../errors/timeout-error.js';
import type { DubbingProgress } from '../schemas/dubbing.js';
import { waitForDubbing, type DubbingPollErrorState, type DubbingProgressState } from './wait-for-dubbing.js';

function scripted(values: DubbingProgress[]) {
  let now = 0;
  const sleeps: number[] = [];
  let index = 0;
  return {
    sleeps,
    clock: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    getProgress: async () => values[Math.min(index++, values.length - 1)] as DubbingProgress,
  };
}

describe('waitForDubbing', () => {
  it('polls until 100 with a download_url, backing off while nothing changes', async () => {
    const script = scripted([
      { progress: 10 },
      { progress: 10 },
      { progress: 10 },
      { progress: 60 },
      { progress: 100, download_url: '' },
      { progress: 100, download_url: 'http://127.0.0.1/d/f1.mp4' },
    ]);
    const seen: DubbingProgressState[] = [];
    const done = await waitForDubbing({
      folderId: 'f1',
      ...script,
      intervalMs: 1000,
      onProgress: (state) => seen.push(state),
    });
    expect(done.download_url).toBe('http://127.0.0.1/d/f1.mp4');
    expect(seen.map((s) => s.progress.progress)).toEqual([10, 10, 10, 60, 100, 100]);
    expect(seen.map((s) => s.poll)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(script.sleeps).toEqual([1000, 1500, 2250, 1000, 1000]);
  });

  it('ends a job whose progress stops changing with a clear TimeoutError', async () => {
    const script = scripted([{ progress: 5 }, { progress: 40 }]);
    let error: unknown;
    try {
      await waitForDubbing({
        folderId: 'f2',
        ...script,
        intervalMs: 1000,
        maxIntervalMs: 5000,
        stallTimeoutMs: 20_000,
      });
    } catch (caught) {
      error = caught;
    }
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Dubbing job f2 made no progress for 23 s (stuck at 40); stopped waiting. It may still finish: raise stallTimeoutMs if the service is just slow, or check the job in the web studio.',
    );
  });

  it('stops at the total timeout even while progress moves', async () => {
    let value = 0;
    let now = 0;
    let error: unknown;
    try {
      await waitForDubbing({
        folderId: 'f3',
        clock: () => now,
        sleep: async (ms) => {
          now += ms;
        },
        getProgress: async () => ({ progress: (value += 1) }),
        intervalMs: 1000,
        timeoutMs: 5000,
      });
    } catch (caught) {
      error = caught;
    }
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toContain('Dubbing job f3 did not finish within 5 s (progress 6)');
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const script = scripted([{ progress: 1 }]);
    controller.abort();
    await expect(waitForDubbing({ folderId: 'f4', ...script, signal: controller.signal })).rejects.toThrow();
  });

  it('keeps polling through transient failures, telling each, and ends at once on a permanent one', async () => {
    const endpoint = 'GET /api/odin/v3/automation/translatevideos';
    let now = 0;
    const answers: (DubbingProgress | Error)[] = [
      { progress: 30 },
      new ApiError({ status: 503, endpoint }),
      new NetworkError(endpoint, 'connection refused'),
      { progress: 100, download_url: 'http://127.0.0.1/d/f5.mp4' },
    ];
    const failures: DubbingPollErrorState[] = [];
    const done = await waitForDubbing({
      folderId: 'f5',
      clock: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      getProgress: async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next as DubbingProgress;
      },
      intervalMs: 1000,
      onPollError: (state) => failures.push(state),
    });
    expect(done.download_url).toBe('http://127.0.0.1/d/f5.mp4');
    expect(failures.map(({ poll, delayMs, error }) => [poll, delayMs, (error as Error).name])).toEqual([
      [2, 1500, 'ApiError'],
      [3, 2250, 'NetworkError'],
    ]);

    const refused = new ApiError({ status: 404, endpoint });
    await expect(
      waitForDubbing({
        folderId: 'f6',
        clock: () => 0,
        sleep: async () => undefined,
        getProgress: async () => Promise.reject(refused),
      }),
    ).rejects.toBe(refused);
  });

  it('ends with the stall error, naming the last failure, when polls keep failing', async () => {
    let now = 0;
    const error = await waitForDubbing({
      folderId: 'f7',
      clock: () => now,
      sleep: async (ms) => {
        now += ms;
      },
      getProgress: async () => {
        throw new ApiError({ status: 502, endpoint: 'GET /api/odin/v3/automation/translatevideos' });
      },
      intervalMs: 1000,
      maxIntervalMs: 4000,
      stallTimeoutMs: 10_000,
    }).catch((caught: unknown) => caught);
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe(
      'Dubbing job f7 made no progress for 11 s (the last poll failed: Request failed with status 502: GET /api/odin/v3/automation/translatevideos); stopped waiting. It may still finish: poll again later with `vsynth progress`.',
    );
  });
});
