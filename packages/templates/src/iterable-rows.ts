import type { DataRow } from './data-row.js';
import { toDataRow } from './to-data-row.js';

/**
 * Numbers the items of any iterable or async iterable of row objects from 1.
 *
 * @example for await (const { row } of iterableRows([{ a: 1 }, { a: 2 }])) console.log(row); // 1, 2
 */
export async function* iterableRows(items: Iterable<unknown> | AsyncIterable<unknown>): AsyncGenerator<DataRow> {
  let row = 0;
  for await (const item of items) {
    row += 1;
    yield toDataRow(item, row);
  }
}
