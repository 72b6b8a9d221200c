import type { PathSegment } from '../errors/issue.js';
import { jsonStringEnd } from './json-string-end.js';

/** Where a JSON text repeats a key inside one object. */
export interface DuplicateKey {
  /** The path of the second occurrence, ending with the key. */
  readonly path: readonly PathSegment[];
  /** Offset in the text of the second occurrence's opening quote. */
  readonly position: number;
}

interface Frame {
  readonly object: boolean;
  /** Keys seen so far; made at the second key, most objects of one key never need it. */
  keys: Set<string> | undefined;
  first: string | undefined;
  /** Array: the index of the current item; object: the current key. */
  at: PathSegment;
}

/**
 * Finds the first key that appears twice in one object of a JSON text that `JSON.parse`
 * accepted (which silently keeps the last). Scans without recursion, so deep documents are fine.
 *
 * @example findDuplicateKey('{"a": {"b": 1, "b": 2}}') // { path: ['a', 'b'], position: 15 }
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  let expectKey = false;
  let i = 0;
  const length = text.length;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      const end = jsonStringEnd(text, i);
      i = end + 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.object === true) {
        const raw = text.slice(start + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : raw;
        top.at = key;
        expectKey = false;
        if (top.first === undefined) top.first = key;
        else {
          top.keys ??= new Set([top.first]);
          if (top.keys.has(key)) return { path: stack.map((frame) => frame.at), position: start };
          top.keys.add(key);
        }
      }
      continue;
    }
    if (c === 0x7b /* { */) {
      stack.push({ object: true, keys: undefined, first: undefined, at: '' });
      expectKey = true;
    } else if (c === 0x5b /* [ */) {
      stack.push({ object: false, keys: undefined, first: undefined, at: 0 });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      stack.pop();
    } else if (c === 0x2c /* , */) {
      const top = stack[stack.length - 1];
      if (top !== undefined) {
        if (!top.object) top.at = (top.at as number) + 1;
        else expectKey = true;
      }
    }
    i += 1;
  }
  return undefined;
}
