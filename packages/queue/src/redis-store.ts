import { rowStateAfter, type BatchStore, type JournalRowState, type RowRecord, type RowResult } from '@vsynth/templates';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';

/**
 * A batch's row records in Redis: the queue's implementation of the batch store the local
 * journal implements. Each record updates the row's state (hash `rows`) before `record`
 * resolves, so an attempt is in Redis before its request leaves. How durable that is depends on
 * the server's persistence (`appendonly yes`, `appendfsync always` for a power cut).
 *
 * @example
 * const store = new RedisStore(redis, 'b1');
 * await sendRow({ ...context, store }, row);
 */
export class RedisStore implements BatchStore {
  private readonly keys: ReturnType<typeof batchKeys>;
  private readonly known = new Map<number, JournalRowState | undefined>();
  private readonly redis: Redis & StoreCommands;

  constructor(redis: Redis, batchId: string) {
    this.redis = withStoreCommands(redis);
    this.keys = batchKeys(batchId);
  }

  async record(entry: RowRecord): Promise<void> {
    // A worker's job is the only writer of its row's state while it holds the job's lock, so the
    // state read once is kept (one round trip per record instead of two).
    const before = this.known.has(entry.row) ? this.known.get(entry.row) : await this.rowState(entry.row);
    const after = rowStateAfter(before, entry);
    if (after === undefined) return;
    this.known.set(entry.row, after);
    await this.redis.vsynthRecordRow(this.keys.rows, this.keys.started, String(entry.row), JSON.stringify(after), entry.type === 'attempt' ? entry.time : '');
  }

  /** What Redis records about a row (undefined: never attempted). */
  async rowState(row: number): Promise<JournalRowState | undefined> {
    const text = await this.redis.hget(this.keys.rows, String(row));
    const state = text === null ? undefined : (JSON.parse(text) as JournalRowState);
    this.known.set(row, state);
    return state;
  }

  /**
   * Writes the row's line of the results file. A `done` line is never replaced by another status:
   * a worker that took over a stalled row may only know it as `unknown`.
   */
  async writeResult(result: RowResult): Promise<void> {
    await this.redis.vsynthWriteResult(this.keys.results, this.keys.last, String(result.row), JSON.stringify(result), result.status, new Date().toISOString());
  }
}

/**
 * The store's writes as Lua scripts defined on the connection: sent by SHA once Redis has them,
 * each one command. (A `multi()` made a pipeline object per record that copied every script
 * BullMQ defines on the same connection, and `eval` sent the script's text every time.)
 */
interface StoreCommands {
  /** Sets the row's state; with a time (an attempt), also the batch's start unless set. */
  vsynthRecordRow(rows: string, started: string, row: string, state: string, attemptTime: string): Promise<unknown>;
  vsynthWriteResult(results: string, last: string, row: string, result: string, status: string, time: string): Promise<unknown>;
}

function withStoreCommands(redis: Redis): Redis & StoreCommands {
  if (!('vsynthRecordRow' in redis)) {
    redis.defineCommand('vsynthRecordRow', { numberOfKeys: 2, lua: RECORD_ROW });
    redis.defineCommand('vsynthWriteResult', { numberOfKeys: 2, lua: WRITE_RESULT });
  }
  return redis as Redis & StoreCommands;
}

const RECORD_ROW = `
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3], 'NX') end
return 1`;

const WRITE_RESULT = `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and ARGV[3] ~= 'done' and string.find(current, '"status":"done"', 1, true) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[4])
return 1`;
