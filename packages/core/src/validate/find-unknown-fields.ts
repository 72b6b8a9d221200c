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
  walkerOf(schema)(input, [], out);
  return out;
}

/** Deeper values (open data under a recursive schema) are not inspected. */
const MAX_DEPTH = 64;

/**
 * Reports the unknown fields of a value that a schema describes. `path` is one array pushed and popped along
 * the way; an issue takes a copy.
 */
type Walker = (value: unknown, path: PathSegment[], out: Issue[]) => void;

/** Values with no fields of their own to check (strings, numbers, literals, …). */
const SKIP: Walker = () => {};

const walkers = new WeakMap<z.core.$ZodType, Walker>();

/**
 * The walker of a schema, made once: wrappers are unwrapped and a discriminated union's options found by
 * their tag when it is made, not at each value. Reads the schema's definition the way zod documents for
 * tools: `_zod.def` discriminated by `type`.
 */
function walkerOf(schema: z.core.$ZodType): Walker {
  const known = walkers.get(schema);
  if (known !== undefined) return known;
  // A recursive schema meets itself while its walker is made: it calls the walker once made.
  let made: Walker = SKIP;
  walkers.set(schema, (value, path, out) => made(value, path, out));
  made = makeWalker(schema);
  walkers.set(schema, made);
  return made;
}

function makeWalker(schema: z.core.$ZodType): Walker {
  const def = (schema as z.core.$ZodTypes)._zod.def;
  switch (def.type) {
    case 'object': {
      const open = def.catchall === undefined || def.catchall._zod.def.type === 'unknown';
      const fields = new Map<string, Walker>();
      for (const [key, child] of Object.entries(def.shape)) fields.set(key, walkerOf(child));
      return (value, path, out) => {
        if (!isRecord(value) || path.length > MAX_DEPTH) return;
        for (const key of Object.keys(value)) {
          const field = fields.get(key);
          if (field === undefined) {
            if (open) out.push(unknownField([...path, key]));
          } else if (field !== SKIP && value[key] !== undefined) {
            path.push(key);
            field(value[key], path, out);
            path.pop();
          }
        }
      };
    }
    case 'array':
      return eachChild(walkerOf(def.element), (value) => (Array.isArray(value) ? value.keys() : undefined));
    case 'record':
      return eachChild(walkerOf(def.valueType), (value) => (isRecord(value) ? Object.keys(value) : undefined));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      return walkerOf(def.innerType);
    case 'pipe':
      return walkerOf(def.in);
    case 'union':
      return 'discriminator' in def
        ? taggedWalker(def.options, String(def.discriminator))
        : (value, path, out) => {
            const option = acceptingOption(def.options, value);
            if (option !== undefined) walkerOf(option)(value, path, out);
          };
    default:
      return SKIP;
  }
}

/** Walks each child `keys` gives (none when it gives undefined) with `child`. */
function eachChild(child: Walker, keys: (value: unknown) => Iterable<PathSegment> | undefined): Walker {
  if (child === SKIP) return SKIP;
  return (value, path, out) => {
    const found = keys(value);
    if (found === undefined || path.length > MAX_DEPTH) return;
    const container = value as Record<PathSegment, unknown>;
    for (const key of found) {
      if (container[key] === undefined) continue;
      path.push(key);
      child(container[key], path, out);
      path.pop();
    }
  };
}

/**
 * A discriminated union walks a value with the option whose literal discriminator equals the value's, even
 * when the rest is invalid.
 */
function taggedWalker(options: readonly z.core.$ZodType[], discriminator: string): Walker {
  const byTag = new Map<unknown, Walker>();
  for (const option of options) {
    const def = (option as z.core.$ZodTypes)._zod.def;
    if (def.type !== 'object') continue;
    const field = def.shape[discriminator] as z.core.$ZodTypes | undefined;
    if (field?._zod.def.type !== 'literal') continue;
    for (const tag of field._zod.def.values) if (!byTag.has(tag)) byTag.set(tag, walkerOf(option));
  }
  return (value, path, out) => {
    if (!isRecord(value)) return;
    byTag.get(value[discriminator])?.(value, path, out);
  };
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
