import { formatPath } from '../errors/format-issues.js';
import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { deepNestingMessage, MAX_JSON_DEPTH } from './find-deep-nesting.js';

/**
 * Finds the first place where a value built in code is not JSON data that can be validated: a
 * cycle (an object that contains itself), a property that throws when read (a getter, a revoked
 * proxy), or nesting deeper than `MAX_JSON_DEPTH`. Returns one error issue at that path, or
 * undefined. Never throws; recursion stops at `MAX_JSON_DEPTH`, so any nesting is read safely.
 *
 * @example
 * const scene: any = { sceneIdx: 0 }; scene.self = scene
 * findNonJsonData({ scenes: [scene] })?.message
 * // 'scenes[0].self refers back to scenes[0] (a cycle); a request body must be JSON data'
 */
export function findNonJsonData(input: unknown): Issue | undefined {
  if (typeof input !== 'object' || input === null) return undefined;
  /** The keys from the root to the value being read, and the objects along them (the root first). */
  const path: PathSegment[] = [];
  const onPath: object[] = [];
  const done = new Set<object>();

  const visit = (value: object): Issue | undefined => {
    onPath.push(value);
    const keys = Array.isArray(value) ? undefined : Object.keys(value);
    const length = keys === undefined ? (value as unknown[]).length : keys.length;
    for (let i = 0; i < length; i++) {
      const key: PathSegment = keys === undefined ? i : (keys[i] as string);
      path.push(key);
      const child: unknown = (value as Record<PathSegment, unknown>)[key];
      if (typeof child === 'object' && child !== null && !done.has(child)) {
        const owner = onPath.indexOf(child);
        if (owner >= 0) {
          const where = [...path];
          return issue({
            code: 'invalid_value',
            path: where,
            message: `${formatPath(where)} refers back to ${formatPath(path.slice(0, owner))} (a cycle); a request body must be JSON data`,
          });
        }
        if (onPath.length >= MAX_JSON_DEPTH) {
          const where = [...path];
          return issue({ code: 'too_big', path: where, message: deepNestingMessage(formatPath(where)) });
        }
        const found = visit(child);
        if (found !== undefined) return found;
      }
      path.pop();
    }
    onPath.pop();
    done.add(value);
    return undefined;
  };

  try {
    return visit(input);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const where = [...path];
    return issue({
      code: 'invalid_value',
      path: where,
      message: `${formatPath(where)} could not be read (${reason}); a request body must be JSON data`,
    });
  }
}
