import { isUtf8 } from 'node:buffer';
import type { StoreRecord } from './records.js';

/** One line of JSON text: a string, or its UTF-8 bytes as received. */
export type JsonText = string | Buffer;

/**
 * The store's log line for a record (`JSON.stringify(record)` and a newline) where one field of
 * the record's value is given as JSON text already at hand, e.g. the request body a create was
 * parsed from: the line then costs no second serialisation of a payload of several kB. Keys keep
 * their order and fields that JSON leaves out (undefined) are left out, so with
 * `json === JSON.stringify(record.v[field])` the line is byte-identical to `JSON.stringify(record)`;
 * with other JSON text for the same value (other spacing), replaying the line gives the same value.
 * `json` must be one line of JSON (no line break) that parses to `record.v[field]`. Given bytes,
 * the line comes as the chunks to write in order (the bytes themselves are not copied).
 *
 * @example recordLine({ t: 'ledger', v: entry }, 'body', '{"name":"Hi"}') // '{"t":"ledger","v":{"id":…,"body":{"name":"Hi"}}}\n'
 */
export function recordLine(record: StoreRecord, field: string, json: string): string;
export function recordLine(record: StoreRecord, field: string, json: JsonText): string | Buffer[];
export function recordLine(record: StoreRecord, field: string, json: JsonText): string | Buffer[] {
  const v = record.v as unknown as Record<string, unknown>;
  // The keys before and after the field, each serialised in one call (records are plain objects
  // with the fixed keys of records.ts: for-in walks them in Object.keys order).
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let seen = false;
  for (const key in v) {
    if (key === field) seen = true;
    else (seen ? after : before)[key] = v[key];
  }
  const beforeJson = JSON.stringify(before);
  const afterJson = JSON.stringify(after);
  const head = `{"t":${JSON.stringify(record.t)},"v":${beforeJson.slice(0, -1)}${seen ? `${beforeJson.length > 2 ? ',' : ''}${JSON.stringify(field)}:` : ''}`;
  const tail = `${afterJson.length > 2 ? `${seen ? ',' : ''}${afterJson.slice(1)}` : '}'}}\n`;
  if (!seen) return typeof json === 'string' ? `${head}${tail}` : [Buffer.from(`${head}${tail}`)];
  return typeof json === 'string' ? `${head}${json}${tail}` : [Buffer.from(head), json, Buffer.from(tail)];
}

/**
 * A request body's JSON text as {@link recordLine} can store it: the text itself when it is one
 * line (what clients that send compact JSON send), else `undefined` (store `JSON.stringify` of the
 * parsed value, as for any other record). A line break in JSON text can only be white space
 * between tokens, yet a log line must not hold one. Given the bytes the text was decoded from,
 * those bytes when they are valid UTF-8 (so they decode to `text` again when the log is read).
 *
 * @example oneLineJson('{"a":1}') // '{"a":1}'; oneLineJson('{\n "a": 1\n}') // undefined
 */
export function oneLineJson(text: string, bytes?: Buffer): JsonText | undefined {
  if (text.includes('\n') || text.trim() === '') return undefined;
  return bytes !== undefined && isUtf8(bytes) ? bytes : text;
}
