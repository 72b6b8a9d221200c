import type { PathSegment } from '../errors/issue.js';

/**
 * How many objects and arrays a JSON value may be nested in, at most, wherever vsynth reads JSON
 * (files, request bodies, the sandbox). Real payloads nest about ten deep; past a few thousand,
 * `JSON.stringify` and every recursive walk run out of stack. Parsers that bound nesting pick a
 * number of this size (serde_json 128).
 */
export const MAX_JSON_DEPTH = 100;

/**
 * The path of the first object or array nested deeper than `maxDepth` (the root is at depth 1),
 * or undefined. Walks without recursion, so any depth is fine; expects data without cycles.
 *
 * @example
 * findDeepNesting({ a: [[1]] }, 2) // ['a', 0]
 * findDeepNesting({ a: [1] }, 2) // undefined
 */
export function findDeepNesting(value: unknown, maxDepth: number = MAX_JSON_DEPTH): PathSegment[] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  // Each frame: the container, its keys (undefined for an array), the next index, the key it was reached by.
  const stack: { value: object; keys: string[] | undefined; next: number; key: PathSegment }[] = [];
  const push = (child: object, key: PathSegment) =>
    stack.push({ value: child, keys: Array.isArray(child) ? undefined : Object.keys(child), next: 0, key });
  push(value, '');
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const length = frame.keys === undefined ? (frame.value as unknown[]).length : frame.keys.length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const key: PathSegment = frame.keys === undefined ? frame.next : frame.keys[frame.next]!;
    frame.next += 1;
    const child: unknown = (frame.value as Record<PathSegment, unknown>)[key];
    if (typeof child !== 'object' || child === null) continue;
    if (stack.length >= maxDepth) return [...stack.slice(1).map((f) => f.key), key];
    push(child, key);
  }
  return undefined;
}

/**
 * The deepest nesting of objects and arrays in a JSON text, read without parsing it (strings
 * skipped), so that a text can be judged before anything recursive touches it.
 *
 * @example jsonTextDepth('{"a":[1,"]"]}') // 2
 */
export function jsonTextDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth -= 1;
  }
  return deepest;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * The message for a value nested too deep, naming where: `scenes[0].extra[0][0]… is nested more than
 * 100 levels deep; …`. `where` is a formatted path.
 *
 * @example deepNestingMessage('scenes[0].x', 100)
 */
export function deepNestingMessage(where: string, maxDepth: number = MAX_JSON_DEPTH): string {
  return `${where} is nested more than ${maxDepth} levels deep (objects and arrays); flatten it to at most ${maxDepth} levels`;
}
