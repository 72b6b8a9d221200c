import type { StoreRecord } from './records.js';

/**
 * The store's log line for a record (`JSON.stringify(record)` and a newline) where one field of
 * the record's value is given as JSON text already at hand, e.g. the request body a create was
 * parsed from: the line then costs no second serialisation of a payload of several kB. Keys keep
 * their order and fields that JSON leaves out (undefined) are left out, so with
 * `json === JSON.stringify(record.v[field])` the line is byte-identical to `JSON.stringify(record)`;
 * with other JSON text for the same value (other spacing), replaying the line gives the same value.
 * `json` must be one line of JSON (no line break) that parses to `record.v[field]`.
 *
 * @example recordLine({ t: 'ledger', v: entry }, 'body', '{"name":"Hi"}') // '{"t":"ledger","v":{"id":…,"body":{"name":"Hi"}}}\n'
 */
export function recordLine(record: StoreRecord, field: string, json: string): string {
  const v = record.v as unknown as Record<string, unknown>;
  // The keys before and after the field, each serialised in one call (records are plain objects:
  // for-in walks their own keys in Object.keys order).
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  let seen = false;
  for (const key in v) {
    if (key === field) seen = true;
    else (seen ? after : before)[key] = v[key];
  }
  const head = JSON.stringify(before);
  const tail = JSON.stringify(after);
  const fieldJson = seen ? `${head.length > 2 ? ',' : ''}${JSON.stringify(field)}:${json}` : '';
  return `{"t":${JSON.stringify(record.t)},"v":${head.slice(0, -1)}${fieldJson}${tail.length > 2 ? `,${tail.slice(1)}` : '}'}}\n`;
}

/**
 * A request body's JSON text as {@link recordLine} can store it: the text itself when it is one
 * line (what clients that send compact JSON send), else `undefined` (store `JSON.stringify` of the
 * parsed value, as for any other record). A line break in JSON text can only be white space
 * between tokens, yet a log line must not hold one.
 *
 * @example oneLineJson('{"a":1}') // '{"a":1}'; oneLineJson('{\n "a": 1\n}') // undefined
 */
export function oneLineJson(text: string): string | undefined {
  return text.includes('\n') || text.trim() === '' ? undefined : text;
}
