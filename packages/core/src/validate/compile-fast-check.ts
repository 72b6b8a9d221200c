import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

/** What a compiled check knows of a value: zod accepts it with no unknown field, zod rejects it, or neither is certain. */
export const Verdict = { Valid: 0, Invalid: 1, Unknown: 2 } as const;

/** One of {@link Verdict}'s values. */
export type Verdict = (typeof Verdict)[keyof typeof Verdict];

const VALID: Verdict = 0;
const INVALID: Verdict = 1;
const UNKNOWN: Verdict = 2;

/**
 * The fields of a zod check's definition that the common checks carry (lengths, bounds, formats).
 *
 * @example const def = check._zod.def as CheckDef; if (def.check === 'min_length') use(def.minimum)
 */
export type CheckDef = z.core.$ZodCheckDef & {
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: unknown;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
};

/** Per call: how many more containers the walk may enter (bounds shared references in open data). */
interface Walk {
  budget: number;
}

type Check = (value: unknown, walk: Walk) => Verdict;

/** Deeper open data (cycles included) is left to the slow path. */
const MAX_DEPTH = 64;
/** Containers one call may enter: open data whose shared references multiply the walk is left to the slow path. */
const MAX_CONTAINERS = 100_000;

/**
 * Compiles a zod schema once into a check for bodies that are valid: true means "zod accepts
 * `input`, no object in it has a field its schema does not name (so `findUnknownFields` reports
 * nothing), and it is plain JSON data" — only objects with `Object.prototype` or no prototype,
 * arrays without holes, strings, finite numbers, booleans and null, no cycle, no property that
 * throws. False means "don't know": the caller runs zod. Never throws.
 *
 * Walks `schema._zod.def`: objects (shape, catchall), arrays and their length checks, strings
 * (length, regex and other format checks), numbers (finite, int, ranges), booleans, null,
 * literals, enums, unions (first accepting option, as zod), discriminated unions, optional,
 * nullable, records with string keys, unknown/any (any JSON data). Checks it does not model
 * run zod's own check function on the value (a refine on an object or array asks zod's
 * `safeParse` of that part); types it does not model (pipe, transform, lazy, default, coerce, …)
 * ask zod's `safeParse` and are valid only when zod returns the value itself, unchanged.
 *
 * @example
 * const isValid = compileFastCheck(modifyRequestSchema)
 * isValid({ projectId: 'p', updates: { title: 'Hi' } }) // true
 * isValid({ projectId: 'p', updates: { title: 'Hi' }, colour: 'red' }) // false: an unknown field
 */
export function compileFastCheck(schema: AnySchema): (input: unknown) => boolean {
  const verdict = compileVerdict(schema);
  return (input) => verdict(input) === VALID;
}

/**
 * Like {@link compileFastCheck} with the three answers: `Verdict.Invalid` only where zod
 * certainly rejects the value (tests compare it with zod's `safeParse`).
 *
 * @example compileVerdict(z.string())(1) // Verdict.Invalid
 */
export function compileVerdict(schema: AnySchema): (input: unknown) => Verdict {
  let check: Check;
  try {
    check = compileNode(schema, new Map());
  } catch {
    // A schema whose definitions cannot be read (a throwing shape getter): always zod.
    return () => UNKNOWN;
  }
  return (input) => {
    try {
      return check(input, { budget: MAX_CONTAINERS });
    } catch {
      return UNKNOWN;
    }
  };
}

function compileNode(schema: AnySchema, compiled: Map<AnySchema, Check>): Check {
  const known = compiled.get(schema);
  if (known !== undefined) return known;
  // A schema that refers to itself (a getter in a shape) calls through this until it is built.
  let built: Check | undefined;
  compiled.set(schema, (value, walk) => built!(value, walk));
  built = withChecks(schema, compileType(schema, compiled));
  compiled.set(schema, built);
  return built;
}

/** Types whose value is a primitive: their checks see the input itself. */
const LEAF_TYPES = new Set(['string', 'number', 'boolean', 'null', 'literal', 'enum']);

/** The schema's own checks (and the schema itself when it is a check, like `z.email()`), after its type's check. */
function withChecks(schema: AnySchema, typeCheck: Check): Check {
  const def = schema._zod.def;
  const all = [...((schema._zod as { traits?: Set<string> }).traits?.has('$ZodCheck') ? [schema as unknown as z.core.$ZodCheck] : []), ...(def.checks ?? [])];
  if (all.length === 0) return typeCheck;
  // A check that rewrites the value (trim, overwrite) changes zod's output: left to zod.
  if (all.some((check) => check._zod.def.check === 'overwrite')) return () => UNKNOWN;
  const checks = LEAF_TYPES.has(def.type)
    ? all.map((check) => leafCheck(check))
    : def.type === 'array'
      ? all.map((check) => arrayLengthCheck(check))
      : all.map(() => undefined);
  if (checks.includes(undefined)) {
    // A refine of an object (or union, …) sees zod's output: once the structure is known to be
    // valid plain data with nothing zod would rewrite, zod's answer for the part is the answer.
    const parse = (schema as unknown as z.ZodType).safeParse.bind(schema);
    return (value, walk) => {
      const verdict = typeCheck(value, walk);
      if (verdict !== VALID) return verdict;
      return parse(value).success ? VALID : INVALID;
    };
  }
  const leafChecks = checks as ((value: unknown) => Verdict)[];
  return (value, walk) => {
    const verdict = typeCheck(value, walk);
    if (verdict !== VALID) return verdict;
    for (const check of leafChecks) {
      const result = check(value);
      if (result !== VALID) return result;
    }
    return VALID;
  };
}

/** Array length checks; undefined for any other check of an array. */
function arrayLengthCheck(check: z.core.$ZodCheck): ((value: unknown) => Verdict) | undefined {
  const def = check._zod.def as CheckDef;
  if (def.when !== undefined && !['min_length', 'max_length', 'length_equals'].includes(def.check)) return undefined;
  switch (def.check) {
    case 'min_length': {
      const minimum = def.minimum!;
      return (value) => (Array.isArray(value) ? (value.length >= minimum ? VALID : INVALID) : UNKNOWN);
    }
    case 'max_length': {
      const maximum = def.maximum!;
      return (value) => (Array.isArray(value) ? (value.length <= maximum ? VALID : INVALID) : UNKNOWN);
    }
    case 'length_equals': {
      const length = def.length!;
      return (value) => (Array.isArray(value) ? (value.length === length ? VALID : INVALID) : UNKNOWN);
    }
    default:
      return undefined;
  }
}

/** A check of a string, number or other primitive: the common kinds inline, any other runs zod's own check function. */
function leafCheck(check: z.core.$ZodCheck): (value: unknown) => Verdict {
  const def = check._zod.def as CheckDef;
  switch (def.check) {
    case 'min_length': {
      const minimum = def.minimum!;
      // zod counts a string's length in code points.
      return (value) => {
        if (typeof value !== 'string') return UNKNOWN;
        const units = value.length;
        if (units < minimum) return INVALID;
        if (units >= minimum * 2) return VALID;
        return codePointLength(value) >= minimum ? VALID : INVALID;
      };
    }
    case 'max_length': {
      const maximum = def.maximum!;
      return (value) => {
        if (typeof value !== 'string') return UNKNOWN;
        if (value.length <= maximum) return VALID;
        return codePointLength(value) <= maximum ? VALID : INVALID;
      };
    }
    case 'length_equals': {
      const length = def.length!;
      return (value) => (typeof value !== 'string' ? UNKNOWN : codePointLength(value) === length ? VALID : INVALID);
    }
    case 'greater_than':
    case 'less_than': {
      const bound = def.value;
      if (typeof bound !== 'number' || def.when !== undefined) break;
      const inclusive = def.inclusive === true;
      if (def.check === 'greater_than') {
        return (value) => (typeof value !== 'number' ? UNKNOWN : (inclusive ? value >= bound : value > bound) ? VALID : INVALID);
      }
      return (value) => (typeof value !== 'number' ? UNKNOWN : (inclusive ? value <= bound : value < bound) ? VALID : INVALID);
    }
    case 'number_format': {
      if (def.format !== 'safeint' || def.when !== undefined) break;
      return (value) => (typeof value !== 'number' ? UNKNOWN : Number.isSafeInteger(value) ? VALID : INVALID);
    }
    case 'string_format': {
      const pattern = def.pattern;
      if (def.format !== 'regex' || !(pattern instanceof RegExp) || def.when !== undefined) break;
      return (value) => {
        if (typeof value !== 'string') return UNKNOWN;
        pattern.lastIndex = 0;
        return pattern.test(value) ? VALID : INVALID;
      };
    }
  }
  return zodCheck(check);
}

/** Runs zod's own function of a check on a payload of its own, as zod's parse would. */
function zodCheck(check: z.core.$ZodCheck): (value: unknown) => Verdict {
  const internals = check._zod as unknown as { check: (payload: { value: unknown; issues: unknown[] }) => unknown; def: { when?: (payload: unknown) => boolean } };
  return (value) => {
    const payload = { value, issues: [] as unknown[] };
    if (internals.def.when !== undefined && !internals.def.when(payload)) return VALID;
    const result = internals.check(payload);
    // An async check, or one that changes the value (trim, toLowerCase), is left to zod.
    if (result instanceof Promise || payload.value !== value) return UNKNOWN;
    return payload.issues.length === 0 ? VALID : INVALID;
  };
}

/**
 * A type this compiler does not model (pipe, transform, lazy, tuple, …): zod's safeParse of the
 * part, certainly valid only when its output is the value itself, plain JSON data.
 */
function compileFallback(schema: AnySchema): Check {
  const parse = (schema as unknown as z.ZodType).safeParse.bind(schema);
  return (value) => {
    const result = parse(value);
    if (!result.success) return INVALID;
    if (typeof value === 'object' && value !== null) return result.data === value && isJsonData(value, { budget: MAX_CONTAINERS }, 0) ? VALID : UNKNOWN;
    return Object.is(result.data, value) && isJsonPrimitive(value) ? VALID : UNKNOWN;
  };
}

function compileType(schema: AnySchema, compiled: Map<AnySchema, Check>): Check {
  const def = schema._zod.def;
  // z.coerce.string() and the like accept what they can convert: zod decides.
  if ((def as { coerce?: boolean }).coerce === true) return compileFallback(schema);
  switch (def.type) {
    case 'string':
      return (value) => (typeof value === 'string' ? VALID : INVALID);
    case 'number':
      return (value) => (typeof value === 'number' && Number.isFinite(value) ? VALID : INVALID);
    case 'boolean':
      return (value) => (typeof value === 'boolean' ? VALID : INVALID);
    case 'null':
      return (value) => (value === null ? VALID : INVALID);
    case 'literal':
    case 'enum': {
      const values = schema._zod.values;
      if (values === undefined) return compileFallback(schema);
      return (value) => (values.has(value as never) ? (isJsonPrimitive(value) ? VALID : UNKNOWN) : INVALID);
    }
    case 'unknown':
    case 'any':
      return (value, walk) => (isJsonData(value, walk, 0) ? VALID : UNKNOWN);
    case 'optional': {
      const inner = compileNode((def as z.core.$ZodOptionalDef).innerType, compiled);
      // A present `undefined` is not JSON data.
      return (value, walk) => (value === undefined ? UNKNOWN : inner(value, walk));
    }
    case 'nullable': {
      const inner = compileNode((def as z.core.$ZodNullableDef).innerType, compiled);
      return (value, walk) => (value === null ? VALID : inner(value, walk));
    }
    case 'object':
      return compileObject(def as z.core.$ZodObjectDef, schema, compiled);
    case 'array':
      return compileArray(def as z.core.$ZodArrayDef, compiled);
    case 'record':
      return compileRecord(def as z.core.$ZodRecordDef, schema, compiled);
    case 'union':
      return compileUnion(def as z.core.$ZodUnionDef & { discriminator?: string; unionFallback?: boolean; inclusive?: boolean }, schema, compiled);
    default:
      return compileFallback(schema);
  }
}

/** Absent: `optional` fits, `required` makes zod reject, `other` (defaults, unknown) is left to zod. */
type Presence = 'optional' | 'required' | 'other';

function presenceOf(schema: AnySchema): Presence {
  const { optin, optout } = schema._zod;
  if (optin === undefined) return 'required';
  if (optin === 'optional' && optout === 'optional') return 'optional';
  return 'other';
}

function compileObject(def: z.core.$ZodObjectDef, schema: AnySchema, compiled: Map<AnySchema, Check>): Check {
  const shape = def.shape;
  const keys = Object.keys(shape);
  // zod tests presence with `in` and reads inherited values: keep to names no object inherits.
  if (Object.getOwnPropertySymbols(shape).length > 0 || keys.some((key) => key in Object.prototype)) return compileFallback(schema);
  const fields: Record<string, { check: Check; required: boolean } | undefined> = Object.create(null);
  const others: string[] = [];
  let requiredCount = 0;
  for (const key of keys) {
    const child = shape[key]!;
    const presence = presenceOf(child);
    if (presence === 'required') requiredCount++;
    if (presence === 'other') others.push(key);
    fields[key] = { check: compileNode(child, compiled), required: presence === 'required' };
  }
  const catchall = def.catchall;
  const catchallType = catchall?._zod.def.type;
  // Extra fields: kept and warned about (open), rejected (strict), or checked against the catchall.
  const extra: Check | 'open' | 'strict' =
    catchall === undefined || catchallType === 'unknown' ? 'open' : catchallType === 'never' ? 'strict' : compileNode(catchall, compiled);
  return (value, walk) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    if (!plainPrototype(value) || --walk.budget < 0) return UNKNOWN;
    const record = value as Record<string, unknown>;
    let verdict: Verdict = VALID;
    let requiredSeen = 0;
    // for…in (no key array): a plain object inherits no enumerable key, and one that did would
    // only be an unknown field more.
    for (const key in record) {
      const field = fields[key];
      let result: Verdict;
      if (field !== undefined) {
        if (field.required) requiredSeen++;
        const child = record[key];
        result = child === undefined ? UNKNOWN : field.check(child, walk);
      } else if (extra === 'open' || key === '__proto__') {
        result = UNKNOWN;
      } else if (extra === 'strict') {
        result = INVALID;
      } else {
        const child = record[key];
        result = child === undefined ? UNKNOWN : extra(child, walk);
      }
      if (result === INVALID) return INVALID;
      if (result === UNKNOWN) verdict = UNKNOWN;
    }
    if (requiredSeen < requiredCount) return INVALID;
    for (const key of others) if (!Object.hasOwn(record, key)) verdict = UNKNOWN;
    return verdict;
  };
}

function compileArray(def: z.core.$ZodArrayDef, compiled: Map<AnySchema, Check>): Check {
  const element = compileNode(def.element, compiled);
  return (value, walk) => {
    if (!Array.isArray(value)) return INVALID;
    if (--walk.budget < 0) return UNKNOWN;
    let verdict: Verdict = VALID;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      // A hole or `undefined` is not JSON data.
      const result = item === undefined ? UNKNOWN : element(item, walk);
      if (result === INVALID) return INVALID;
      if (result === UNKNOWN) verdict = UNKNOWN;
    }
    return verdict;
  };
}

function compileRecord(def: z.core.$ZodRecordDef, schema: AnySchema, compiled: Map<AnySchema, Check>): Check {
  const keyType = def.keyType;
  // Records over a known set of keys, or loose/partial ones, are left to zod.
  if (keyType._zod.values !== undefined || (def as { mode?: string }).mode !== undefined || keyType._zod.def.type !== 'string') return compileFallback(schema);
  const keyCheck = compileNode(keyType, compiled);
  const valueCheck = compileNode(def.valueType, compiled);
  return (value, walk) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    if (!plainPrototype(value) || --walk.budget < 0) return UNKNOWN;
    // zod checks symbol keys too (and skips `__proto__`).
    if (Object.getOwnPropertySymbols(value).length > 0) return UNKNOWN;
    const record = value as Record<string, unknown>;
    let verdict: Verdict = VALID;
    for (const key of Object.keys(record)) {
      if (key === '__proto__') return UNKNOWN;
      // A rejected key may still be accepted as a number by zod: not certain either way.
      if (keyCheck(key, walk) !== VALID) return UNKNOWN;
      const child = record[key];
      const result = child === undefined ? UNKNOWN : valueCheck(child, walk);
      if (result === INVALID) return INVALID;
      if (result === UNKNOWN) verdict = UNKNOWN;
    }
    return verdict;
  };
}

function compileUnion(
  def: z.core.$ZodUnionDef & { discriminator?: string; unionFallback?: boolean; inclusive?: boolean },
  schema: AnySchema,
  compiled: Map<AnySchema, Check>,
): Check {
  const options = def.options.map((option) => compileNode(option, compiled));
  const discriminator = def.discriminator;
  if (discriminator !== undefined) return compileDiscriminatedUnion(def, discriminator, options);
  // An exclusive union (z.xor) needs exactly one accepting option: left to zod.
  if (def.inclusive === false) return compileFallback(schema);
  // zod takes the first option that accepts the value: an earlier option must be certainly rejected.
  return (value, walk) => {
    for (const option of options) {
      const result = option(value, walk);
      if (result !== INVALID) return result;
    }
    return INVALID;
  };
}

function compileDiscriminatedUnion(def: z.core.$ZodUnionDef & { unionFallback?: boolean }, discriminator: string, options: Check[]): Check {
  // The option each discriminator value selects, as zod maps them (null: claimed by two options).
  const byValue = new Map<unknown, Check | null>();
  def.options.forEach((option, i) => {
    const values = (option._zod as { propValues?: Record<string, Set<unknown>> }).propValues?.[discriminator] ?? new Set<unknown>();
    for (const value of values) byValue.set(value, byValue.has(value) ? null : options[i]!);
  });
  const fallback = def.unionFallback === true;
  return (value, walk) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return INVALID;
    const tag = (value as Record<string, unknown>)[discriminator];
    const option = byValue.get(tag);
    if (option === undefined || option === null) return fallback || option === null ? UNKNOWN : INVALID;
    return option(value, walk);
  };
}

function plainPrototype(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isJsonPrimitive(value: unknown): boolean {
  return typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value));
}

/** Plain JSON data: see {@link compileFastCheck}. */
function isJsonData(value: unknown, walk: Walk, depth: number): boolean {
  if (typeof value !== 'object' || value === null) return isJsonPrimitive(value);
  if (depth > MAX_DEPTH || --walk.budget < 0) return false;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (!isJsonData(value[i], walk, depth + 1)) return false;
    return true;
  }
  if (!plainPrototype(value)) return false;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) if (!isJsonData(record[key], walk, depth + 1)) return false;
  return true;
}

function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    if ((text.charCodeAt(i) & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      count--;
      i++;
    }
  }
  return count;
}
