import { formatPath } from '../errors/format-issues.js';
import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { deepNestingMessage, MAX_JSON_DEPTH } from './find-deep-nesting.js';

interface Frame {
  readonly value: object;
  /** The key this object was reached by (undefined for the root). */
  readonly key: PathSegment | undefined;
  /** Own enumerable keys of an object; undefined for an array, walked by index. */
  readonly keys: readonly string[] | undefined;
  readonly length: number;
  next: number;
}

/**
 * Finds the first place where a value built in code is not JSON data that can be validated: a
 * cycle (an object that contains itself), a property that throws when read (a getter, a revoked
 * proxy), or nesting deeper than `MAX_JSON_DEPTH`. Returns one error issue at that path, or
 * undefined. Never throws; walks without recursion, so any nesting depth is read.
 *
 * @example
 * const scene: any = { sceneIdx: 0 }; scene.self = scene
 * findNonJsonData({ scenes: [scene] })?.message
 * // 'scenes[0].self refers back to scenes[0] (a cycle); a request body must be JSON data'
 */
export function findNonJsonData(input: unknown): Issue | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  const onPath = new Set<object>();
  const done = new Set<object>();
  const stack: Frame[] = [];
  let reading: PathSegment | undefined;
  try {
    enter(stack, onPath, input, undefined);
    for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
      if (frame.next >= frame.length) {
        stack.pop();
        onPath.delete(frame.value);
        done.add(frame.value);
        continue;
      }
      const key: PathSegment = frame.keys === undefined ? frame.next : (frame.keys[frame.next] as string);
      frame.next += 1;
      reading = key;
      const child: unknown = (frame.value as Record<PathSegment, unknown>)[key];
      if (typeof child !== 'object' || child === null || done.has(child)) continue;
      if (onPath.has(child)) {
        const where = pathOf(stack, stack.length, key);
        const owner = pathOf(stack, stack.findIndex((f) => f.value === child) + 1, undefined);
        return issue({
          code: 'invalid_value',
          path: where,
          message: `${formatPath(where)} refers back to ${formatPath(owner)} (a cycle); a request body must be JSON data`,
        });
      }
      if (stack.length >= MAX_JSON_DEPTH) {
        const where = pathOf(stack, stack.length, key);
        return issue({ code: 'too_big', path: where, message: deepNestingMessage(formatPath(where)) });
      }
      enter(stack, onPath, child, key);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = pathOf(stack, stack.length, reading);
    return issue({
      code: 'invalid_value',
      path: where,
      message: `${formatPath(where)} could not be read (${reason}); a request body must be JSON data`,
    });
  }
  return undefined;
}

function enter(stack: Frame[], onPath: Set<object>, value: object, key: PathSegment | undefined): void {
  onPath.add(value);
  const keys = Array.isArray(value) ? undefined : Object.keys(value);
  stack.push({ value, key, keys, length: keys === undefined ? (value as unknown[]).length : keys.length, next: 0 });
}

/** The path of the first `depth` frames of the stack, then `last` when given. */
function pathOf(stack: readonly Frame[], depth: number, last: PathSegment | undefined): PathSegment[] {
  const path: PathSegment[] = [];
  for (let i = 1; i < depth; i++) path.push(stack[i]!.key as PathSegment);
  if (last !== undefined) path.push(last);
  return path;
}
