import type { Redis } from 'ioredis';

/** A Lua script run as one Redis command: its command name, how many keys it takes, its text. */
export interface LuaScript {
  readonly name: string;
  readonly keys: number;
  readonly lua: string;
}

/**
 * Runs a Lua script as an ioredis command (`EVALSHA`, the text sent only when Redis lacks it, as
 * after a restart or `SCRIPT FLUSH`).
 *
 * @example await runScript(redis, TAKE, [keys.next, keys.pause], [String(interval)]);
 */
export function runScript(
  redis: Redis,
  script: LuaScript,
  keys: readonly string[],
  args: readonly string[],
): Promise<unknown> {
  const commands = redis as unknown as Record<string, unknown>;
  if (typeof commands[script.name] !== 'function')
    redis.defineCommand(script.name, { numberOfKeys: script.keys, lua: script.lua });
  return Reflect.apply(commands[script.name] as (...parts: string[]) => Promise<unknown>, redis, [...keys, ...args]);
}
