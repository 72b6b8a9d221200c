import { UsageError } from '@vsynth/core';
import { Redis } from 'ioredis';
import { parseQueueUrl, type QueueUrl } from './queue-url.js';

/** A connected Redis client for a `queue` address. */
export interface QueueConnection {
  readonly url: QueueUrl;
  readonly redis: Redis;
  close(): Promise<void>;
}

/**
 * Connects to the `queue` Redis and checks it answers within `timeoutMs` (else a usage error, password
 * hidden). Commands then wait through Redis restarts; `onDown`/`onUp` are told once per outage.
 *
 * @example const { redis, close } = await connectRedis('redis://127.0.0.1:6379/0');
 */
export async function connectRedis(
  text: string,
  options: { timeoutMs?: number; onDown?: (message: string) => void; onUp?: () => void } = {},
): Promise<QueueConnection> {
  const url = parseQueueUrl(text);
  const redis = new Redis({
    ...url.options,
    lazyConnect: true,
    // BullMQ's workers need commands to wait through reconnects rather than fail.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(100 * 2 ** Math.min(times, 5), 2000),
  });
  let down = false;
  let connected = false;
  let firstError: unknown;
  redis.on('error', (error: Error) => {
    firstError ??= error;
    if (down || !connected) return;
    down = true;
    options.onDown?.(`Redis at ${url.display} is unreachable (${describe(error)}); waiting and retrying…`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    options.onUp?.();
  });
  const timeoutMs = options.timeoutMs ?? 5000;
  try {
    await withTimeout(
      (async () => {
        await redis.connect();
        await redis.ping();
      })(),
      timeoutMs,
    );
  } catch (error) {
    redis.disconnect();
    throw new UsageError(
      `Cannot reach the queue's Redis at ${url.display}: ${describe(firstError ?? error)}. Start redis-server there, or check \`queue\`.`,
    );
  }
  connected = true;
  return {
    url,
    redis,
    close: async () => {
      try {
        await redis.quit();
      } catch {
        redis.disconnect();
      }
    },
  };
}

function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ENOTFOUND') return 'unknown host';
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/redis:\/\/[^\s]*/g, '').trim() || 'no answer';
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    }),
  ]);
}
