import type { z } from 'zod';
import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { isRecord } from './describe-value.js';

type AnySchema = z.core.$ZodType;

/**
 * Lists the fields of `input` that `schema` does not name, as `quirk` warnings. Lenient
 * schemas keep such fields (a payload round-trips without loss); the warning tells the user the
 * service may ignore them, which also catches misspelt field names. Parts of `input` that do not
 * fit the schema are skipped (their errors come from parsing).
 *
 * @example
 * findUnknownFields(sceneSchema, { sceneIdx: 0, background: {}, clips: [], colour: 'red' })
 * // [{ code: 'quirk', severity: 'warning', path: ['colour'], message: 'unknown field "colour" …' }]
 */
export function findUnknownFields(schema: AnySchema, input: unknown): Issue[] {
  const out: Issue[] = [];
  walk(schema, input, [], out, 0);
  return out;
}

const MAX_DEPTH = 64;

// `path` is one array pushed and popped along the walk (a payload with no unknown field
// allocates no paths); an issue gets its own copy.
function walk(schema: AnySchema, value: unknown, path: PathSegment[], out: Issue[], depth: number): void {
  if (depth > MAX_DEPTH || value === undefined) return;
  const def = schema._zod.def;
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return;
      const objectDef = def as z.core.$ZodObjectDef;
      const shape = objectDef.shape;
      const open = objectDef.catchall === undefined || objectDef.catchall._zod.def.type === 'unknown';
      for (const key of Object.keys(value)) {
        if (Object.hasOwn(shape, key)) {
          const child = shape[key];
          if (child !== undefined) walkChild(child, value[key], key, path, out, depth);
        } else if (open) {
          out.push(
            issue({
              code: 'quirk',
              severity: 'warning',
              path: [...path, key],
              message: `unknown field ${JSON.stringify(key)} is kept as given; the service may ignore it (check its spelling)`,
            }),
          );
        }
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return;
      const element = (def as z.core.$ZodArrayDef).element;
      for (let index = 0; index < value.length; index++) walkChild(element, value[index], index, path, out, depth);
      return;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch': {
      walk((def as unknown as { innerType: AnySchema }).innerType, value, path, out, depth + 1);
      return;
    }
    case 'pipe': {
      walk((def as z.core.$ZodPipeDef).in, value, path, out, depth + 1);
      return;
    }
    case 'record': {
      if (!isRecord(value)) return;
      const valueType = (def as z.core.$ZodRecordDef).valueType;
      for (const key of Object.keys(value)) walkChild(valueType, value[key], key, path, out, depth);
      return;
    }
    case 'union': {
      const unionDef = def as z.core.$ZodUnionDef & { discriminator?: string };
      const option = pickOption(unionDef.options, unionDef.discriminator, value);
      if (option !== undefined) walk(option, value, path, out, depth + 1);
      return;
    }
    default:
      return;
  }
}

function walkChild(schema: AnySchema, value: unknown, segment: PathSegment, path: PathSegment[], out: Issue[], depth: number): void {
  path.push(segment);
  walk(schema, value, path, out, depth + 1);
  path.pop();
}

function pickOption(options: readonly AnySchema[], discriminator: string | undefined, value: unknown): AnySchema | undefined {
  if (discriminator !== undefined) {
    if (!isRecord(value)) return undefined;
    const tag = value[discriminator];
    return options.find((option) => {
      const shape = (option._zod.def as Partial<z.core.$ZodObjectDef>).shape;
      const literal = shape?.[discriminator];
      const values = (literal?._zod.def as { values?: unknown[] } | undefined)?.values;
      return values !== undefined && values.includes(tag);
    });
  }
  // Plain unions: the first option the value satisfies.
  return options.find((option) => {
    try {
      return (option as unknown as z.ZodType).safeParse(value).success;
    } catch {
      return false;
    }
  });
}
