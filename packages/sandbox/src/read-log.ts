import { forEachLineSync, jsonTextDepth, MAX_JSON_DEPTH } from '@vsynth/core';
import type { StoreRecord } from './records.js';

/** What reading the store's log found besides its records. */
export interface LogContents {
  /** Whole lines read, records and unreadable lines alike. */
  readonly lines: number;
  /** Bytes of the log up to the end of its last whole line: a torn tail starts there. */
  readonly bytes: number;
  /** Whole lines that are no record, kept as they are so that a compaction does not lose them. */
  readonly unreadable: readonly string[];
}

/**
 * How deep a line of the log may nest: a request body's `MAX_JSON_DEPTH` plus the levels a record
 * wraps it in (`{t, v: {payload}}`, a ledger entry's `body`, a dubbing job's fields). Deeper lines
 * are neither written nor read into memory: `JSON.stringify` of them can run out of stack.
 */
export const STORE_MAX_DEPTH = MAX_JSON_DEPTH + 8;

/** The field that names a record of each kind; ledger entries are never replaced, so they need none. */
const KEY_FIELD: Readonly<Record<StoreRecord['t'], string | undefined>> = {
  project: 'id',
  export: 'id',
  artifact: 'id',
  token: 'digest',
  dubbing: 'id',
  ledger: undefined,
};

/**
 * Hands each record of the store's log to `onRecord`, oldest first, reading the file a piece at a
 * time (a log can outgrow the longest string). A line that is no `{t, v}` record of a known kind,
 * or nests deeper than `STORE_MAX_DEPTH`, is skipped with a warning naming it; text after the last newline, a line torn
 * by a crash, is
 * skipped with a warning too (the caller cuts it off).
 *
 * @example const { lines } = readLog('/tmp/sbx/store.ndjson', (record) => apply(record), console.warn);
 */
export function readLog(
  path: string,
  onRecord: (record: StoreRecord) => void,
  onWarning: (message: string) => void,
): LogContents {
  let lines = 0;
  let bytes = 0;
  const unreadable: string[] = [];
  forEachLineSync(path, (line, number, ended, offset, length) => {
    if (!ended) {
      onWarning(`ignored an incomplete last line of ${path} (${length} bytes)`);
      return;
    }
    bytes = offset + length + 1;
    if (line === '') return;
    lines += 1;
    if (jsonTextDepth(line) > STORE_MAX_DEPTH) {
      unreadable.push(line);
      onWarning(
        `ignored line ${number} of ${path}: it nests more than ${STORE_MAX_DEPTH} levels deep, ` +
          'which the sandbox can neither serve nor compact; it is kept in the log as it is',
      );
      return;
    }
    const record = parseRecord(line);
    if (record === undefined) {
      unreadable.push(line);
      onWarning(`ignored unreadable line ${number} of ${path}`);
      return;
    }
    onRecord(record);
  });
  return { lines, bytes, unreadable };
}

/** A line as the store writes them: `{t, v}`, `t` a kind of record and `v` an object with its key. */
function parseRecord(line: string): StoreRecord | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { t, v } = value as { t?: unknown; v?: unknown };
  if (typeof t !== 'string' || !Object.hasOwn(KEY_FIELD, t)) return undefined;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const key = KEY_FIELD[t as StoreRecord['t']];
  if (key !== undefined && typeof (v as Record<string, unknown>)[key] !== 'string') return undefined;
  return value as StoreRecord;
}

/** The name of a record in messages: its kind and key. */
export function recordName(record: StoreRecord): string {
  return `${record.t} ${record.t === 'token' ? record.v.digest : record.v.id}`;
}
