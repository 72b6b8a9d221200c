import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { runScript, type LuaScript } from './lua-script.js';

// One reservation per row (a row taken over from a stalled worker does not reserve twice); the
// first row that does not fit stops the batch, so later rows are not sent either (as a local batch).
const RESERVE: LuaScript = {
  name: 'vsynthReserveCubes',
  keys: 3,
  lua: `
if redis.call('HEXISTS', KEYS[2], ARGV[1]) == 1 then return 1 end
if redis.call('EXISTS', KEYS[3]) == 1 then return 0 end
local spent = tonumber(redis.call('GET', KEYS[1]) or '0')
if spent + tonumber(ARGV[2]) > tonumber(ARGV[3]) then
  redis.call('SET', KEYS[3], ARGV[4], 'NX')
  return 0
end
redis.call('INCRBYFLOAT', KEYS[1], ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`,
};

/**
 * Reserves a row's estimated cubes against the batch's `maxCubes`, atomically over all
 * workers. False: the row would exceed the budget (or an earlier row did); it must not be sent.
 *
 * @example if (!(await reserveCubes(redis, 'b1', 7, 12, 500))) console.log('over maxCubes');
 */
export async function reserveCubes(
  redis: Redis,
  batchId: string,
  row: number,
  cubes: number,
  maxCubes: number,
): Promise<boolean> {
  const keys = batchKeys(batchId);
  const reason = JSON.stringify({ reason: 'max_cubes', row });
  return (
    Number(
      await runScript(
        redis,
        RESERVE,
        [keys.cubes, keys.reserved, keys.stop],
        [String(row), String(cubes), String(maxCubes), reason],
      ),
    ) === 1
  );
}
