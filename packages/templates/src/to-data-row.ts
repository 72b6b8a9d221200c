import {
  findDuplicateKey,
  findUnrepresentableNumber,
  formatPath,
  issue,
  omitUndefined,
  type DuplicateKey,
} from '@vsynth/core';
import type { DataRow } from './data-row.js';

/**
 * Wraps one item of a JSON, NDJSON or iterable source; an item that is not a plain object is
 * yielded with an issue so the batch reports it instead of stopping.
 *
 * @example toDataRow({ firstName: 'Ana' }, 1) // { row: 1, data: { firstName: 'Ana' } }
 */
export function toDataRow(item: unknown, row: number, line?: number): DataRow {
  const where = omitUndefined({ line });
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    // JSON.parse makes "__proto__" an own key; copied into a row object it would set the prototype.
    if (Object.hasOwn(item, '__proto__')) {
      return {
        row,
        data: {},
        ...where,
        issues: [
          issue({
            code: 'row',
            message: 'the row has a key named "__proto__", which cannot name a column; rename it in the file',
            path: [],
            row,
          }),
        ],
      };
    }
    return { row, data: item as Record<string, unknown>, ...where };
  }
  const received = item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item;
  return {
    row,
    data: {},
    ...where,
    issues: [
      issue({
        code: 'invalid_type',
        message: `a row must be an object of columns, received ${received}`,
        path: [],
        row,
      }),
    ],
  };
}

/**
 * The row for a JSON item that repeats a key in one object (JSON.parse would keep the last):
 * yielded with an issue naming the key and its path, so the batch reports the row.
 *
 * @example duplicateKeyRow(findDuplicateKey('{"a":1,"a":2}')!, 3) // row 3 with an issue
 */
export function duplicateKeyRow(duplicate: DuplicateKey, row: number, line?: number): DataRow {
  const key = String(duplicate.path[duplicate.path.length - 1]);
  const message = `the row has the key ${JSON.stringify(key)} twice in one object (at ${formatPath(duplicate.path)}); JSON would keep only the last: remove one`;
  return {
    row,
    data: {},
    ...omitUndefined({ line }),
    issues: [issue({ code: 'row', message, path: [], row })],
  };
}

/**
 * The row for one JSON item, given its text and parsed value: an item that repeats a key, or
 * holds a number that underflows to 0 (`1e-999`, quoted as written), is yielded with an issue.
 *
 * @example checkedJsonRow('{"n": 1e-999}', { n: 0 }, 2) // row 2 with an issue quoting 1e-999
 */
export function checkedJsonRow(text: string, value: unknown, row: number, line?: number): DataRow {
  const duplicate = findDuplicateKey(text);
  if (duplicate !== undefined) return duplicateKeyRow(duplicate, row, line);
  const number = findUnrepresentableNumber(text);
  if (number !== undefined && number.readAs === '0') {
    const message = `the row has the number ${number.text}, which a double cannot hold: it would be read as 0; write 0 or a number in range`;
    return {
      row,
      data: {},
      ...omitUndefined({ line }),
      issues: [issue({ code: 'row', message, path: [], row })],
    };
  }
  return toDataRow(value, row, line);
}
