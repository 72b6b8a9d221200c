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
  /** The keys seen so far in an object; undefined for an array. */
  readonly keys: Set<string> | undefined;
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
  while (i < text.length) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (c === '"') {
      const end = jsonStringEnd(text, i);
      if (expectKey && top?.keys !== undefined) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        top.at = key;
        expectKey = false;
        if (top.keys.has(key)) return { path: stack.map((frame) => frame.at), position: i };
        top.keys.add(key);
      }
      i = end + 1;
      continue;
    }
    if (c === '{') {
      stack.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (c === '[') {
      stack.push({ keys: undefined, at: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',' && top !== undefined) {
      if (top.keys === undefined) top.at = (top.at as number) + 1;
      else expectKey = true;
    }
    i += 1;
  }
  return undefined;
}
