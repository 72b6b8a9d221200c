import { issue } from '@vsynth/core';
import type { DataRow } from './data-row.js';

/**
 * Wraps one item of a JSON, NDJSON or iterable source; an item that is not a plain object is
 * yielded with an issue so the batch reports it instead of stopping.
 *
 * @example toDataRow({ firstName: 'Ana' }, 1) // { row: 1, data: { firstName: 'Ana' } }
 */
export function toDataRow(item: unknown, row: number, line?: number): DataRow {
  const where = line === undefined ? {} : { line };
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) return { row, data: item as Record<string, unknown>, ...where };
  const received = item === null ? 'null' : Array.isArray(item) ? 'an array' : typeof item;
  return { row, data: {}, ...where, issues: [issue({ code: 'invalid_type', message: `a row must be an object of columns, received ${received}`, path: [], row })] };
}
