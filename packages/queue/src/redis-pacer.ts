import { systemClock, type RequestPacer } from '@vsynth/batch';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { runScript, type LuaScript } from './lua-script.js';

// Slots are handed out by Redis's own clock, so workers on machines with skewed clocks share one pace.
const TAKE: LuaScript = {
  name: 'vsynthTakeSlot',
  keys: 2,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nxt = tonumber(redis.call('GET', KEYS[1]) or '0')
local paused = tonumber(redis.call('GET', KEYS[2]) or '0')
local start = math.max(now, nxt, paused)
redis.call('SET', KEYS[1], tostring(start + tonumber(ARGV[1])), 'PX', 600000)
return start - now`,
};

const PAUSE: LuaScript = {
  name: 'vsynthPause',
  keys: 1,
  lua: `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local untilMs = now + tonumber(ARGV[1])
local current = tonumber(redis.call('GET', KEYS[1]) or '0')
if untilMs > current then redis.call('SET', KEYS[1], tostring(untilMs), 'PX', tonumber(ARGV[1]) + 1000) end
return untilMs`,
};

/**
 * The rate limit of one batch shared by all its workers: each request start takes the next free
 * slot (`1000 / rps` ms apart) from a Redis key updated atomically, and a `Retry-After` pauses
 * every worker of the batch.
 *
 * @example
 * const pacer = new RedisPacer(redis, 'b1', 20);
 * await pacer.take(); // at most 20 starts per second over all workers
 */
export class RedisPacer implements RequestPacer {
  private readonly keys: ReturnType<typeof batchKeys>;
  private readonly interval: number;

  constructor(
    private readonly redis: Redis,
    batchId: string,
    rps: number | undefined,
  ) {
    this.keys = batchKeys(batchId);
    this.interval = rps === undefined || rps <= 0 ? 0 : 1000 / rps;
  }

  async take(signal?: AbortSignal): Promise<void> {
    const wait = Number(await runScript(this.redis, TAKE, [this.keys.next, this.keys.pause], [String(this.interval)]));
    if (wait > 0) await systemClock.sleep(wait, signal);
  }

  async pause(ms: number): Promise<void> {
    await runScript(this.redis, PAUSE, [this.keys.pause], [String(Math.ceil(ms))]);
  }
}
