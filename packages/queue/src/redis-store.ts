import { rowStateAfter, type BatchStore, type RowRecord, type RowResult, type RowState } from '@vsynth/batch';
import type { Redis } from 'ioredis';
import { batchKeys } from './batch-keys.js';
import { runScript, type LuaScript } from './lua-script.js';
import { parseRowState } from './queue-records.js';

/**
 * The batch store of queued batches: a row's attempt is in Redis before its request leaves, as durable
 * as the server's persistence (`appendonly yes`, `appendfsync always` for a power cut).
 *
 * @example
 * const store = new RedisStore(redis, 'b1');
 * await sendRow({ ...context, store }, row);
 */
export class RedisStore implements BatchStore {
  private readonly keys: ReturnType<typeof batchKeys>;
  /** Each row's state as this store last read or wrote it in Redis (its JSON text; null: none). */
  private readonly known = new Map<number, string | null>();

  constructor(
    private readonly redis: Redis,
    private readonly batchId: string,
  ) {
    this.keys = batchKeys(batchId);
  }

  async record(entry: RowRecord): Promise<void> {
    // A worker holding a job's lock is the only sender of its row, so the state it last saw is
    // trusted; a webhook delivery may still change the row, so the script writes only over that
    // state, else answers what Redis holds and the record is applied again to that.
    const known = this.known.get(entry.row);
    let text = known !== undefined ? known : await this.rowText(entry.row);
    for (;;) {
      const after = rowStateAfter(text === null ? undefined : this.parse(entry.row, text), entry);
      if (after === undefined) return;
      const afterText = JSON.stringify(after);
      const current = await runScript(
        this.redis,
        RECORD_ROW,
        [this.keys.rows, this.keys.started],
        [String(entry.row), afterText, entry.type === 'attempt' ? entry.time : '', text ?? ''],
      );
      // The same text: this write's answer was lost and ioredis sent it again after reconnecting.
      if (current === 1 || current === afterText) {
        this.known.set(entry.row, afterText);
        return;
      }
      text = current === '' ? null : String(current);
      this.known.set(entry.row, text);
    }
  }

  /** What Redis records about a row (undefined: never attempted); a damaged record throws `DamagedQueueError`. */
  async rowState(row: number): Promise<RowState | undefined> {
    const text = await this.rowText(row);
    return text === null ? undefined : this.parse(row, text);
  }

  private parse(row: number, text: string): RowState {
    return parseRowState(this.batchId, `${this.keys.rows} row ${row}`, text);
  }

  private async rowText(row: number): Promise<string | null> {
    const text = await this.redis.hget(this.keys.rows, String(row));
    this.known.set(row, text);
    return text;
  }

  /**
   * Writes the row's line of the results file. A `done` line is never replaced by another status:
   * a worker that took over a stalled row may only know it as `unknown`.
   */
  async writeResult(result: RowResult): Promise<void> {
    await runScript(
      this.redis,
      WRITE_RESULT,
      [this.keys.results, this.keys.last],
      [String(result.row), JSON.stringify(result), result.status, new Date().toISOString()],
    );
  }
}

// Writes a row's state if the row still holds ARGV[4] ('' for none), else answers what it holds;
// an attempt's time also sets the batch's start once.
const RECORD_ROW: LuaScript = {
  name: 'vsynthRecordRow',
  keys: 2,
  lua: `
local current = redis.call('HGET', KEYS[1], ARGV[1]) or ''
if current ~= ARGV[4] then return current end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
if ARGV[3] ~= '' then redis.call('SET', KEYS[2], ARGV[3], 'NX') end
return 1`,
};

const WRITE_RESULT: LuaScript = {
  name: 'vsynthWriteResult',
  keys: 2,
  lua: `
local current = redis.call('HGET', KEYS[1], ARGV[1])
if current and ARGV[3] ~= 'done' and string.find(current, '"status":"done"', 1, true) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('SET', KEYS[2], ARGV[4])
return 1`,
};
