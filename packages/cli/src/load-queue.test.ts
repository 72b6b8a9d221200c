import { describe, expect, it } from 'vitest';
import { isUsageError } from '@vsynth/core';
import { loadQueue, queueMissing } from './load-queue.js';

describe('loadQueue', () => {
  it('loads @vsynth/queue where it is installed (the workspace)', async () => {
    expect(typeof (await loadQueue()).connectRedis).toBe('function');
  });

  it('turns "@vsynth/queue not found" into a usage error naming the package to add, and nothing else', () => {
    const missing = Object.assign(new Error("Cannot find package '@vsynth/queue' imported from /x/dist/index.js"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    const usage = queueMissing(missing);
    expect(isUsageError(usage)).toBe(true);
    expect(usage?.message).toBe(
      'the Redis queue needs the package @vsynth/queue, which is not installed: npm install @vsynth/queue',
    );
    const other = Object.assign(new Error("Cannot find package 'bullmq' imported from /x"), {
      code: 'ERR_MODULE_NOT_FOUND',
    });
    expect(queueMissing(other)).toBeUndefined();
    expect(queueMissing(new Error("'@vsynth/queue' broke"))).toBeUndefined();
  });
});
