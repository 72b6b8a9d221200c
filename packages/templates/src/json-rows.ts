import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { ValidationError, issue, omitUndefined } from '@vsynth/core';
import { cannotRead } from './cannot-read.js';
import type { DataRow } from './data-row.js';
import { checkedJsonRow } from './to-data-row.js';

/**
 * Streams a JSON file holding an array of row objects, one item in memory at a time. A file that is
 * not an array, or is cut off, throws a ValidationError naming the row; a non-object item gets an issue.
 *
 * @example for await (const { row, data } of jsonRows('people.json')) console.log(row, data);
 */
export async function* jsonRows(input: string | Readable): AsyncGenerator<DataRow> {
  const name = typeof input === 'string' ? input : 'JSON';
  const stream = typeof input === 'string' ? createReadStream(input, { encoding: 'utf8' }) : input;
  const fail = (message: string, row?: number, cause?: unknown) =>
    new ValidationError([issue({ code: 'row', message, path: [], ...omitUndefined({ row }) })], {
      subject: `JSON data file ${name}`,
      ...omitUndefined({ cause }),
    });
  const splitter = new ArraySplitter();
  let row = 0;
  try {
    for await (const chunk of stream as AsyncIterable<string | Buffer>) {
      for (const item of splitter.push(typeof chunk === 'string' ? chunk : chunk.toString('utf8'))) {
        row += 1;
        let value: unknown;
        try {
          value = JSON.parse(item);
        } catch (error) {
          throw fail(`row ${row} is not JSON: ${(error as Error).message}`, row, error);
        }
        yield checkedJsonRow(item, value, row);
      }
    }
    splitter.end();
  } catch (error) {
    if (error instanceof SplitError) throw fail(error.message, error.atItem ? row + 1 : undefined);
    throw cannotRead(name, error) ?? error;
  } finally {
    if (typeof input === 'string') stream.destroy();
  }
}

class SplitError extends Error {
  constructor(
    message: string,
    /** True when the problem is inside the next item (so it has a row number). */
    readonly atItem: boolean,
  ) {
    super(message);
  }
}

const SPACE = /\s/;
/** The characters that matter inside an item: outside strings, and inside one. */
const STRUCTURE = /["{}[\],]/g;
const IN_STRING = /["\\]/g;

/**
 * Cuts the text of a top-level JSON array into the texts of its items, across chunk
 * boundaries: tracks strings (with escapes) and bracket depth; the items themselves are parsed
 * by `JSON.parse`, which reports anything malformed inside them.
 */
class ArraySplitter {
  private state: 'before' | 'between' | 'item' | 'after' = 'before';
  /** After `[` or a comma: an item must come (after `[`, the closing `]` may). */
  private expectItem = true;
  private first = true;
  private item = '';
  private depth = 0;
  private inString = false;
  /** A backslash ended the previous chunk inside a string: the first character is escaped. */
  private escapedAtStart = false;

  *push(text: string): Generator<string> {
    let i = 0;
    let start = 0;
    while (i < text.length) {
      if (this.state === 'item') {
        if (this.inString) {
          if (this.escapedAtStart) {
            this.escapedAtStart = false;
            i += 1;
            continue;
          }
          IN_STRING.lastIndex = i;
          const found = IN_STRING.exec(text);
          if (found === null) break;
          if (found[0] === '"') this.inString = false;
          else if (found.index + 1 >= text.length) this.escapedAtStart = true;
          i = found.index + (found[0] === '"' ? 1 : 2);
          continue;
        }
        STRUCTURE.lastIndex = i;
        const found = STRUCTURE.exec(text);
        if (found === null) break;
        const c = found[0];
        i = found.index + 1;
        if (c === '"') this.inString = true;
        else if (c === '{' || c === '[') this.depth += 1;
        else if ((c === '}' || c === ']') && this.depth > 0) this.depth -= 1;
        else if (this.depth === 0 && (c === ',' || c === ']')) {
          yield this.item + text.slice(start, found.index);
          this.item = '';
          this.expectItem = c === ',';
          this.state = c === ']' ? 'after' : 'between';
        }
        continue;
      }
      const c = text[i]!;
      i += 1;
      if ((c === '\uFEFF' && this.state === 'before') || SPACE.test(c)) continue;
      if (this.state === 'before') {
        if (c !== '[') throw new SplitError('expected an array of row objects: the file must start with [', false);
        this.state = 'between';
      } else if (this.state === 'after') {
        throw new SplitError(`unexpected ${JSON.stringify(c)} after the closing ] of the array`, false);
      } else if (c === ']' && (this.first || !this.expectItem)) {
        this.state = 'after';
      } else if (c === ',' && !this.expectItem) {
        this.expectItem = true;
      } else if (this.expectItem && c !== ',' && c !== ']') {
        this.state = 'item';
        this.expectItem = false;
        this.first = false;
        start = i - 1;
        this.item = '';
        this.depth = c === '{' || c === '[' ? 1 : 0;
        this.inString = c === '"';
      } else {
        throw new SplitError(`unexpected ${JSON.stringify(c)} between the items of the array`, true);
      }
    }
    if (this.state === 'item') this.item += text.slice(start);
  }

  end(): void {
    if (this.state === 'after') return;
    if (this.state === 'before') throw new SplitError('expected an array of row objects, the file is empty', false);
    throw new SplitError('the file ends before the closing ] of the array (cut off?)', this.state === 'item');
  }
}
