import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { issue } from '@vsynth/core';
import { cannotRead } from './cannot-read.js';
import type { DataRow } from './data-row.js';
import { checkedJsonRow } from './to-data-row.js';

/**
 * Streams an NDJSON (JSON Lines) file: one row object per line; blank lines are skipped and not
 * counted. A line that is not JSON is yielded as a row with an issue naming the line.
 *
 * @example for await (const { row, data } of ndjsonRows('people.ndjson')) console.log(row, data);
 */
export async function* ndjsonRows(input: string | Readable): AsyncGenerator<DataRow> {
  const stream = typeof input === 'string' ? createReadStream(input, { encoding: 'utf8' }) : input;
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  let row = 0;
  let line = 0;
  try {
    for await (const raw of lines) {
      line += 1;
      const text = line === 1 ? raw.replace(/^\uFEFF/, '') : raw;
      if (text.trim() === '') continue;
      row += 1;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        yield {
          row,
          line,
          data: {},
          issues: [
            issue({ code: 'row', message: `line ${line} is not JSON: ${(error as Error).message}`, path: [], row }),
          ],
        };
        continue;
      }
      yield checkedJsonRow(text, value, row, line);
    }
  } catch (error) {
    throw cannotRead(typeof input === 'string' ? input : 'NDJSON', error) ?? error;
  } finally {
    lines.close();
    if (typeof input === 'string') stream.destroy();
  }
}
