import { z } from 'zod';
import { issue, type Issue, type PathSegment } from '../errors/issue.js';
import { isRecord } from './describe-value.js';

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
export function findUnknownFields(schema: z.core.$ZodType, input: unknown): Issue[] {
  const out: Issue[] = [];
  walk(schema, input, [], out);
  return out;
}

/** Deeper values (open data under a recursive schema) are not inspected. */
const MAX_DEPTH = 64;

// Walks the schema's definition the way zod documents for tools: `_zod.def` discriminated by `type`.
// `path` is one array pushed and popped along the way; an issue takes a copy.
function walk(schema: z.core.$ZodType, value: unknown, path: PathSegment[], out: Issue[]): void {
  if (path.length > MAX_DEPTH || value === undefined) return;
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      if (!isRecord(value)) return;
      const open = def.catchall === undefined || def.catchall._zod.def.type === 'unknown';
      for (const key of Object.keys(value)) {
        const child = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined;
        if (child !== undefined) walkChild(child, value[key], path, key, out);
        else if (open) out.push(unknownField([...path, key]));
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return;
      for (let index = 0; index < value.length; index++) walkChild(def.element, value[index], path, index, out);
      return;
    }
    case 'record': {
      if (!isRecord(value)) return;
      for (const key of Object.keys(value)) walkChild(def.valueType, value[key], path, key, out);
      return;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      walk(def.innerType, value, path, out);
      return;
    case 'pipe':
      walk(def.in, value, path, out);
      return;
    case 'union': {
      const option =
        'discriminator' in def
          ? taggedOption(def.options, String(def.discriminator), value)
          : acceptingOption(def.options, value);
      if (option !== undefined) walk(option, value, path, out);
      return;
    }
    default:
      return;
  }
}

function walkChild(
  schema: z.core.$ZodType,
  value: unknown,
  path: PathSegment[],
  segment: PathSegment,
  out: Issue[],
): void {
  path.push(segment);
  walk(schema, value, path, out);
  path.pop();
}

function unknownField(path: PathSegment[]): Issue {
  const key = JSON.stringify(String(path[path.length - 1]));
  return issue({
    code: 'quirk',
    severity: 'warning',
    path,
    message: `unknown field ${key} is kept as given; the service may ignore it (check its spelling)`,
  });
}

/** A discriminated union's option whose literal discriminator equals the value's, even when the rest is invalid. */
function taggedOption(
  options: readonly z.core.$ZodType[],
  discriminator: string,
  value: unknown,
): z.core.$ZodType | undefined {
  if (!isRecord(value)) return undefined;
  const tag = value[discriminator];
  return options.find((option) => {
    const def = (option as z.core.$ZodTypes)._zod.def;
    if (def.type !== 'object') return false;
    const field = def.shape[discriminator] as z.core.$ZodTypes | undefined;
    return field?._zod.def.type === 'literal' && field._zod.def.values.includes(tag as z.core.util.Literal);
  });
}

/** A plain union's first option the value satisfies, as zod picks it. */
function acceptingOption(options: readonly z.core.$ZodType[], value: unknown): z.core.$ZodType | undefined {
  return options.find((option) => {
    try {
      return z.safeParse(option, value).success;
    } catch {
      return false;
    }
  });
}
