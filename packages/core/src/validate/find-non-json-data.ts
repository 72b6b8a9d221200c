import { formatPath, issue, type Issue, type PathSegment } from '../errors/index.js';

interface Frame {
  readonly value: object;
  readonly path: readonly PathSegment[];
  readonly keys: readonly PathSegment[];
  next: number;
}

/**
 * Finds the first place where a value built in code is not JSON data that can be validated: a
 * cycle (an object that contains itself), or a property that throws when read (a getter, a
 * revoked proxy). Values from `JSON.parse` never have either; shared references are fine.
 * Returns one error issue at that path, or undefined. Never throws; walks without recursion, so
 * any nesting depth is fine.
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
  const enter = (value: object, path: readonly PathSegment[]): void => {
    onPath.add(value);
    stack.push({ value, path, keys: keysOf(value), next: 0 });
  };
  let where: readonly PathSegment[] = [];
  try {
    enter(input, []);
    for (let frame = stack.at(-1); frame !== undefined; frame = stack.at(-1)) {
      if (frame.next >= frame.keys.length) {
        stack.pop();
        onPath.delete(frame.value);
        done.add(frame.value);
        continue;
      }
      const key = frame.keys[frame.next++] as PathSegment;
      where = [...frame.path, key];
      const child: unknown = (frame.value as Record<PathSegment, unknown>)[key];
      if (typeof child !== 'object' || child === null || done.has(child)) continue;
      if (onPath.has(child)) {
        const owner = stack.find((f) => f.value === child)?.path ?? [];
        return issue({
          code: 'invalid_value',
          path: where,
          message: `${formatPath(where)} refers back to ${formatPath(owner)} (a cycle); a request body must be JSON data`,
        });
      }
      enter(child, where);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return issue({
      code: 'invalid_value',
      path: where,
      message: `${formatPath(where)} could not be read (${reason}); a request body must be JSON data`,
    });
  }
  return undefined;
}

function keysOf(value: object): PathSegment[] {
  return Array.isArray(value) ? Array.from({ length: value.length }, (_, index) => index) : Object.keys(value);
}
