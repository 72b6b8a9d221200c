import type { Redis } from 'ioredis';

/** What a Redis keeps on disk, as far as `CONFIG GET` tells. */
export interface RedisPersistence {
  /** A restart keeps every write made before it (`appendonly yes`). */
  readonly durable: boolean;
  /** In words, for a message: `it keeps nothing on disk (appendonly no, save "")`. */
  readonly detail: string;
}

/**
 * Whether a restart of this Redis would keep a queued batch: only the append-only file keeps every
 * write; snapshots (`save`) lose what came after the last one, and without either a restart empties
 * it. Undefined when the server refuses `CONFIG GET` (managed services often do): nothing is known.
 *
 * @example
 * const persistence = await redisPersistence(redis);
 * if (persistence?.durable === false) warn(persistence.detail);
 */
export async function redisPersistence(redis: Redis): Promise<RedisPersistence | undefined> {
  let appendonly: string | undefined;
  let save: string | undefined;
  try {
    appendonly = configValue(await redis.config('GET', 'appendonly'));
    save = configValue(await redis.config('GET', 'save'));
  } catch {
    return undefined;
  }
  if (appendonly === undefined || save === undefined) return undefined;
  if (appendonly === 'yes') return { durable: true, detail: 'it keeps an append-only file (appendonly yes)' };
  if (save.trim() === '')
    return { durable: false, detail: 'it keeps nothing on disk (appendonly no, save ""): a restart empties it' };
  return {
    durable: false,
    detail: `it only saves snapshots (appendonly no, save "${save}"): a restart loses what was written after the last one`,
  };
}

/** The value of a `CONFIG GET name` answer (`[name, value]`). */
function configValue(answer: unknown): string | undefined {
  return Array.isArray(answer) && typeof answer[1] === 'string' ? answer[1] : undefined;
}
