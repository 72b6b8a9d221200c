import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkRequest, findRequestIssues } from './check-request.js';
import { compileFastCheck, compileVerdict, Verdict } from './compile-fast-check.js';
import { findUnknownFields } from './find-unknown-fields.js';
import { REQUEST_KINDS, REQUEST_SCHEMAS, type RequestKind } from './request-kind.js';
import { schemaArbitrary } from './test-schema-arbitrary.js';
import { DELETE, EXAMPLE_PAYLOADS, loadExample, mutate as mutateJson, pathsOf, type ExampleName, type Path } from './test-payloads.js';

/** The fast path's answer is the slow path's: same ok, same issues in the same order, same value bytes. */
function expectSameAnswer(kind: RequestKind, input: unknown): boolean {
  const fast = checkRequest(kind, input);
  const slow = checkRequest(kind, input, { fastPath: false });
  expect(fast.ok).toBe(slow.ok);
  if (fast.ok && slow.ok) {
    expect(fast.warnings).toEqual(slow.warnings);
    expect(bytesOf(fast.value)).toBe(bytesOf(slow.value));
  } else if (!fast.ok && !slow.ok) {
    expect(fast.issues).toEqual(slow.issues);
  }
  expect(findRequestIssues(kind, input)).toEqual(findRequestIssues(kind, input, { fastPath: false }));
  return fast.ok;
}

/** `JSON.stringify`, which a slow-path value holding a bigint would make throw. */
function bytesOf(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item));
}

const names = Object.keys(EXAMPLE_PAYLOADS) as ExampleName[];
const examples = names.map((name) => ({ name, kind: EXAMPLE_PAYLOADS[name] as RequestKind, payload: loadExample(name) as unknown }));

function at(root: unknown, path: Path): any {
  let value: any = root;
  for (const segment of path) value = value[segment];
  return value;
}

/**
 * A copy of a body that may hold anything structuredClone refuses (functions, symbols, getters,
 * class instances, null prototypes): objects and arrays are copied with their property
 * descriptors and prototypes, everything else is shared.
 */
function clone<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (!Array.isArray(value) && prototype !== Object.prototype && prototype !== null) return value;
  const out = Array.isArray(value) ? new Array(value.length) : Object.create(prototype);
  for (const key of Object.keys(value)) {
    const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
    if ('value' in descriptor) descriptor.value = clone(descriptor.value);
    Object.defineProperty(out, key, descriptor);
  }
  return out;
}

/** A copy of `root` made by {@link clone} with the value at `path` replaced (or deleted when `replacement` is DELETE). */
function mutate(root: unknown, path: Path, replacement: unknown): unknown {
  return mutateJson(root, path, replacement, clone);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class Point {
  x = 1;
  y = 2;
}

/** Values no JSON text holds, each one the fast path must leave to the slow path. */
function notJson(): unknown[] {
  const sparse: unknown[] = [];
  sparse[1] = 'x';
  return [undefined, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, () => 1, Symbol('s'), 10n, new Date(0), new Map(), new Point(), sparse];
}

/** A fresh one of {@link notJson}'s values (changes may mutate it). */
const notJsonValue = fc.nat(notJson().length - 1).map((i) => notJson()[i]);

/** Ways to change one place of a valid body (the place's parent gets the change). */
type Change =
  | { kind: 'replace'; value: unknown }
  | { kind: 'rename'; to: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'getter'; throws: boolean }
  | { kind: 'cycle' }
  | { kind: 'prototype'; to: 'null' | 'class' }
  | { kind: 'scale'; factor: number };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom<unknown>(DELETE, null, '', 'x', -1, 0, 0.5, 1.5, 31, 101, 1e308, -0, true, [], {}, 'aiModel', '\u{1F600}'), notJsonValue) }),
  fc.record({ kind: fc.constant('rename' as const), to: fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'toString', 'type', 'scenes')) }),
  fc.record({ kind: fc.constant('extra' as const), key: fc.oneof(fc.string(), fc.constant('__proto__')), value: fc.jsonValue({ maxDepth: 2 }) }),
  fc.record({ kind: fc.constant('getter' as const), throws: fc.boolean() }),
  fc.constant({ kind: 'cycle' as const }),
  fc.record({ kind: fc.constant('prototype' as const), to: fc.constantFrom('null' as const, 'class' as const) }),
  fc.record({ kind: fc.constant('scale' as const), factor: fc.constantFrom(-1, 1000, 0.5, 1e-9) }),
);

/** A copy of `root` with `change` applied at `path` (the root itself when `path` is empty). */
function applyChange(root: unknown, path: Path, how: Change): unknown {
  if (path.length === 0) {
    if (how.kind === 'replace') return how.value === DELETE ? undefined : how.value;
    if (how.kind === 'extra' && isObject(root)) return applyExtra(clone(root), how.key, how.value);
    if (how.kind === 'cycle' && isObject(root)) return Object.assign(clone(root), { self: root });
    return root;
  }
  const copy = clone(root);
  const parent = at(copy, path.slice(0, -1));
  const last = path[path.length - 1]!;
  const current = parent[last];
  switch (how.kind) {
    case 'replace':
      return mutate(root, path, how.value);
    case 'rename':
      if (!isObject(parent) || typeof last !== 'string') return mutate(root, path, DELETE);
      delete parent[last];
      Object.defineProperty(parent, how.to, { value: current, enumerable: true, writable: true, configurable: true });
      return copy;
    case 'extra':
      if (isObject(current)) applyExtra(current, how.key, how.value);
      else if (isObject(parent)) applyExtra(parent, how.key, how.value);
      return copy;
    case 'getter':
      Object.defineProperty(parent, last, {
        enumerable: true,
        configurable: true,
        get: () => {
          if (how.throws) throw new Error('no access');
          return current;
        },
      });
      return copy;
    case 'cycle':
      if (isObject(current)) current['self'] = parent;
      else parent[last] = copy;
      return copy;
    case 'prototype':
      if (typeof current !== 'object' || current === null) return copy;
      parent[last] = Object.assign(how.to === 'null' ? Object.create(null) : new Point(), current);
      return copy;
    case 'scale':
      if (typeof current === 'number') parent[last] = current * how.factor;
      return copy;
  }
}

function applyExtra(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** A valid body of each kind: an example payload or a random one derived from the schema. */
function validBody(kind: RequestKind): fc.Arbitrary<unknown> {
  const own = examples.filter((example) => example.kind === kind).map((example) => example.payload);
  return fc.oneof(fc.constantFrom(...own), schemaArbitrary(REQUEST_SCHEMAS[kind]));
}

/** A body with one to three changes at random places. */
function changedBody(kind: RequestKind): fc.Arbitrary<unknown> {
  return fc.tuple(validBody(kind), fc.array(fc.tuple(fc.nat(), change), { minLength: 1, maxLength: 3 })).map(([body, changes]) => {
    let out = body;
    for (const [pick, how] of changes) {
      const paths: Path[] = [[], ...pathsOf(out)];
      out = applyChange(out, paths[pick % paths.length]!, how);
      // Later changes walk the body: a getter, a cycle or a prototype is the last change.
      if (how.kind === 'getter' || how.kind === 'cycle' || how.kind === 'prototype') break;
    }
    return out;
  });
}

describe('checkRequest fast path', () => {
  it.each(REQUEST_KINDS)('answers %s bodies valid per the schema without zod, the same as the slow path', (kind) => {
    const isFast = compileFastCheck(REQUEST_SCHEMAS[kind]);
    let fast = 0;
    fc.assert(
      fc.property(validBody(kind), (body) => {
        const ok = expectSameAnswer(kind, body);
        const result = checkRequest(kind, body);
        if (ok && result.ok) expect(JSON.stringify(result.value)).toBe(JSON.stringify(body));
        // Every body zod accepts without an unknown field is one the compiled check knows is valid.
        const accepted = REQUEST_SCHEMAS[kind].safeParse(body).success;
        expect(isFast(body)).toBe(accepted);
        if (accepted) fast++;
      }),
      { numRuns: 300 },
    );
    expect(fast).toBe(300);
  });

  it.each(REQUEST_KINDS)('answers changed %s bodies (removed, retyped, renamed, out of range, extra, __proto__, getters, cycles, prototypes) like the slow path', (kind) => {
    fc.assert(
      fc.property(changedBody(kind), (body) => {
        expectSameAnswer(kind, body);
      }),
      { numRuns: 400 },
    );
  });

  it.each(REQUEST_KINDS)("is certain only where zod is: valid means zod accepts it with no unknown field, invalid means zod rejects it (%s)", (kind) => {
    const schema = REQUEST_SCHEMAS[kind];
    const verdictOf = compileVerdict(schema);
    fc.assert(
      fc.property(fc.oneof(changedBody(kind), fc.jsonValue()), (body) => {
        const verdict = verdictOf(body);
        if (verdict === Verdict.Unknown) return;
        let parsed: ReturnType<typeof schema.safeParse>;
        try {
          parsed = schema.safeParse(body);
        } catch {
          return; // zod itself throws on some cyclic inputs
        }
        expect(parsed.success).toBe(verdict === Verdict.Valid);
        if (verdict === Verdict.Valid) expect(findUnknownFields(schema, body)).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });

  it('answers every place of every example, deleted or replaced by an edge value, like the slow path', () => {
    const replacements: unknown[] = [DELETE, null, '', -1, 0.5, 101];
    let fast = 0;
    for (const example of examples) {
      const isFast = compileFastCheck(REQUEST_SCHEMAS[example.kind]);
      for (const path of pathsOf(example.payload)) {
        for (const replacement of replacements) {
          const body = mutateJson(example.payload, path, replacement);
          if (isFast(body)) fast++;
          expectSameAnswer(example.kind, body);
        }
      }
    }
    // Many of these are still valid bodies: the fast path answers them.
    expect(fast).toBeGreaterThan(100);
  });

  it('leaves values that are not JSON data to the slow path, which reports what it always did', () => {
    for (const example of examples) {
      const isFast = compileFastCheck(REQUEST_SCHEMAS[example.kind]);
      const paths = pathsOf(example.payload);
      for (const value of notJson()) {
        for (const path of paths.filter((_, i) => i % 7 === 0)) {
          const body = mutate(example.payload, path, value);
          expect(isFast(body)).toBe(false);
          expectSameAnswer(example.kind, body);
        }
      }
    }
  });

  it('never throws: a revoked proxy, a throwing getter at the top, a cycle through open data', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const throwing = Object.defineProperty({}, 'scenes', { enumerable: true, get: () => { throw new Error('nope'); } });
    const cyclic = loadExample('create-variant-b');
    cyclic.dictionary = { words: [] };
    cyclic.dictionary.words.push(cyclic.dictionary);
    for (const input of [proxy, throwing, cyclic]) {
      for (const kind of REQUEST_KINDS) {
        expect(compileFastCheck(REQUEST_SCHEMAS[kind])(input)).toBe(false);
        expect(() => checkRequest(kind, input)).not.toThrow();
      }
    }
    const result = checkRequest('create', cyclic);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.issues.map((i) => i.message)).toEqual(['dictionary.words[0] refers back to dictionary (a cycle); a request body must be JSON data']);
  });

  it('copies an own __proto__ field of open data as a field', () => {
    const input = loadExample('create-variant-b');
    input.dictionary = JSON.parse('{"__proto__": {"words": ["a"]}, "z": 1}');
    expect(compileFastCheck(REQUEST_SCHEMAS.create)(input)).toBe(true);
    const result = checkRequest('create', input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const dictionary = result.value.dictionary as Record<string, unknown>;
    expect(Object.getPrototypeOf(dictionary)).toBe(Object.prototype);
    expect(Object.keys(dictionary)).toEqual(['__proto__', 'z']);
    expect(JSON.stringify(result.value)).toBe(JSON.stringify(input));
    expectSameAnswer('create', input);
  });

  it('returns a copy: changing the value leaves the input as it was', () => {
    const input = loadExample('create-variant-a');
    const before = JSON.stringify(input);
    const result = checkRequest('create', input);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    (result.value.scenes[0] as any).sceneIdx = 99;
    (result.value as any).extra = 1;
    expect(JSON.stringify(input)).toBe(before);
  });
});

describe('compiled check of constructs it does not model', () => {
  const cases: { name: string; schema: z.ZodType; inputs: [unknown, Verdict][] }[] = [
    { name: 'refine on a string (zod check function)', schema: z.string().refine((s) => s.startsWith('a')), inputs: [['abc', Verdict.Valid], ['b', Verdict.Invalid], [1, Verdict.Invalid]] },
    { name: 'refine on an object (zod safeParse of the part)', schema: z.looseObject({ a: z.number() }).refine((o) => o.a > 1), inputs: [[{ a: 2 }, Verdict.Valid], [{ a: 0 }, Verdict.Invalid], [{ a: 2, b: 1 }, Verdict.Unknown]] },
    { name: 'superRefine on an array', schema: z.array(z.number()).superRefine((a, ctx) => { if (a.length === 2) ctx.addIssue({ code: 'custom', message: 'two' }); }), inputs: [[[1], Verdict.Valid], [[1, 2], Verdict.Invalid]] },
    { name: 'trim (a check that rewrites)', schema: z.string().trim(), inputs: [['a', Verdict.Unknown], [' a ', Verdict.Unknown]] },
    { name: 'transform (a pipe)', schema: z.string().transform((s) => s.length), inputs: [['ab', Verdict.Unknown], [1, Verdict.Invalid]] },
    { name: 'email format', schema: z.email(), inputs: [['a@b.co', Verdict.Valid], ['nope', Verdict.Invalid]] },
    { name: 'coerced string', schema: z.coerce.string(), inputs: [['x', Verdict.Valid], [1, Verdict.Unknown]] },
    { name: 'coerced number', schema: z.coerce.number(), inputs: [[1, Verdict.Valid], ['1', Verdict.Unknown], ['x', Verdict.Invalid]] },
    { name: 'multipleOf', schema: z.number().multipleOf(3), inputs: [[9, Verdict.Valid], [10, Verdict.Invalid]] },
    { name: 'int32', schema: z.int32(), inputs: [[5, Verdict.Valid], [2 ** 40, Verdict.Invalid], [1.5, Verdict.Invalid]] },
    { name: 'lazy', schema: z.lazy(() => z.string()), inputs: [['x', Verdict.Valid], [{}, Verdict.Invalid]] },
    { name: 'xor', schema: z.xor([z.string(), z.number()]), inputs: [['x', Verdict.Valid], [true, Verdict.Invalid], [{}, Verdict.Invalid]] },
    { name: 'default in a shape', schema: z.looseObject({ a: z.string().default('x') }), inputs: [[{}, Verdict.Unknown], [{ a: 'y' }, Verdict.Valid], [{ a: 1 }, Verdict.Invalid]] },
    { name: 'strict object', schema: z.strictObject({ a: z.string() }), inputs: [[{ a: 'y' }, Verdict.Valid], [{ a: 'y', b: 1 }, Verdict.Invalid]] },
    { name: 'stripping object', schema: z.object({ a: z.string() }), inputs: [[{ a: 'y' }, Verdict.Valid], [{ a: 'y', b: 1 }, Verdict.Unknown], [{}, Verdict.Invalid]] },
    { name: 'catchall', schema: z.object({ a: z.string() }).catchall(z.number()), inputs: [[{ a: 'y', b: 1 }, Verdict.Valid], [{ a: 'y', b: 'x' }, Verdict.Invalid]] },
    { name: 'record with enum keys', schema: z.record(z.enum(['a', 'b']), z.number()), inputs: [[{ a: 1, b: 2 }, Verdict.Unknown], [[], Verdict.Invalid]] },
    { name: 'tuple', schema: z.tuple([z.string()]), inputs: [[['x'], Verdict.Unknown], ['x', Verdict.Invalid]] },
    { name: 'a recursive object', schema: (() => { const node: z.ZodType = z.looseObject({ get children() { return z.array(node); } }); return node; })(), inputs: [[{ children: [{ children: [] }] }, Verdict.Valid], [{ children: [1] }, Verdict.Invalid]] },
    { name: 'a refine that throws', schema: z.string().refine(() => { throw new Error('boom'); }), inputs: [['x', Verdict.Unknown]] },
  ];

  it.each(cases)('$name', ({ schema, inputs }) => {
    const verdictOf = compileVerdict(schema);
    const isFast = compileFastCheck(schema);
    for (const [input, expected] of inputs) {
      expect([input, verdictOf(input)]).toEqual([input, expected]);
      expect(isFast(input)).toBe(expected === Verdict.Valid);
    }
  });

  it('a schema whose definitions throw when read compiles to a check that always answers "don\'t know"', () => {
    const schema = z.looseObject({
      get a(): z.ZodString {
        throw new Error('not yet defined');
      },
    });
    expect(compileFastCheck(schema)({ a: 'x' })).toBe(false);
    expect(compileVerdict(schema)({ a: 'x' })).toBe(Verdict.Unknown);
  });

  it.each(cases.filter((c) => c.name !== 'a refine that throws'))('is certain only where zod is, for any JSON input ($name)', ({ schema }) => {
    const verdictOf = compileVerdict(schema);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (input) => {
        const verdict = verdictOf(input);
        if (verdict !== Verdict.Unknown) expect(schema.safeParse(input).success).toBe(verdict === Verdict.Valid);
      }),
      { numRuns: 300 },
    );
  });
});
