import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isApiError } from '../errors/api-error.js';
import { isValidationError } from '../errors/validation-error.js';
import { dubbingProgressSchema } from '../schemas/dubbing.js';
import { legacyProjectResponseSchema } from '../schemas/legacy-project.js';
import { projectCreateResponseSchema } from '../schemas/project-create.js';
import { checkDubbingForm } from './check-dubbing-form.js';
import { checkDubbingOptions } from './check-dubbing-options.js';
import { checkRequest, findRequestIssues } from './check-request.js';
import { parseRequest } from './parse-request.js';
import { parseResponse } from './parse-response.js';
import { REQUEST_KINDS, REQUEST_RULES, REQUEST_SCHEMAS } from './request-kind.js';
import { schemaArbitrary } from './test-schema-arbitrary.js';
import {
  DELETE,
  EXAMPLE_PAYLOADS,
  loadExample,
  mutate,
  pathsOf,
  type ExampleName,
  type Path,
} from './test-payloads.js';

function at(root: unknown, path: Path): unknown {
  let value: any = root;
  for (const segment of path) value = value[segment];
  return value;
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `root` with a new field `key` (any name, `__proto__` included) added to the object at `path`. */
function insert(root: unknown, path: Path, key: string, value: unknown): unknown {
  const copy = structuredClone(root);
  Object.defineProperty(at(copy, path), key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

const names = Object.keys(EXAMPLE_PAYLOADS) as ExampleName[];
const examples = names.map((name) => ({ name, kind: EXAMPLE_PAYLOADS[name], payload: loadExample(name) as unknown }));
const examplePaths = examples.map((example) => pathsOf(example.payload));
const objectPaths = examples.map((example, i) =>
  [[], ...examplePaths[i]!].filter((path) => isPlainObject(at(example.payload, path))),
);

/** Valid example payloads with one place replaced by random JSON, a wrong-typed scalar, or deleted. */
const mutatedPayload = fc
  .record({
    example: fc.nat(examples.length - 1),
    pick: fc.nat(),
    replacement: fc.oneof(
      fc.jsonValue({ maxDepth: 2 }),
      fc.constantFrom<unknown>(DELETE, null, '', -1, 0, 1e308, 'aiModel', true, [], {}),
    ),
  })
  .map(({ example, pick, replacement }) => {
    const paths = examplePaths[example]!;
    return mutate(examples[example]!.payload, paths[pick % paths.length]!, replacement);
  });

/** Valid example payloads with an extra field (a name no schema knows) of random JSON added to one of their objects. */
const extendedPayload = fc
  .record({
    example: fc.nat(examples.length - 1),
    pick: fc.nat(),
    key: fc.oneof(
      fc.string().map((name) => `x_${name}`),
      fc.constant('__proto__'),
    ),
    value: fc.jsonValue({ maxDepth: 2 }),
  })
  .map(({ example, pick, key, value }) => {
    const paths = objectPaths[example]!;
    const path = paths[pick % paths.length]!;
    return { kind: examples[example]!.kind, path, key, input: insert(examples[example]!.payload, path, key, value) };
  });

const anyJson = fc.oneof(
  fc.jsonValue(),
  fc.json().map((text) => JSON.parse(text) as unknown),
  mutatedPayload,
);

/** Checks `input` as `kind`: checkRequest never throws, parseRequest only a ValidationError, and they agree. */
function neverThrowsButValidationError(
  kind: (typeof REQUEST_KINDS)[number],
  input: unknown,
): ReturnType<typeof checkRequest> {
  let checked: ReturnType<typeof checkRequest> | undefined;
  expect(() => (checked = checkRequest(kind, input))).not.toThrow();
  const result = checked!;
  try {
    parseRequest(kind, input);
    expect(result.ok).toBe(true);
  } catch (error) {
    expect(isValidationError(error)).toBe(true);
    expect(result.ok).toBe(false);
  }
  // Lenient parsing loses nothing: a valid body serialises to the same bytes.
  if (result.ok) expect(JSON.stringify(result.value)).toBe(JSON.stringify(input));
  // findRequestIssues (compile's cheaper call) reports exactly checkRequest's issues.
  expect(findRequestIssues(kind, input)).toEqual(result.ok ? result.warnings : result.issues);
  return result;
}

describe('bad input (fuzz)', () => {
  it.each(REQUEST_KINDS)('checkRequest(%s) never throws and parseRequest throws only ValidationError', (kind) => {
    fc.assert(
      fc.property(anyJson, (input) => {
        neverThrowsButValidationError(kind, input);
      }),
      { numRuns: 1000 },
    );
  });

  it.each(REQUEST_KINDS)("a random %s body the schema accepts gets exactly the spec rules' issues", (kind) => {
    fc.assert(
      fc.property(schemaArbitrary(REQUEST_SCHEMAS[kind]), (body) => {
        expect(REQUEST_SCHEMAS[kind].safeParse(body).success).toBe(true);
        const result = neverThrowsButValidationError(kind, body);
        const rules = REQUEST_RULES[kind](body);
        const errors = rules.filter((i) => i.severity === 'error');
        const warnings = rules.filter((i) => i.severity !== 'error');
        expect(result.ok ? result.warnings : result.issues).toEqual([...errors, ...warnings]);
      }),
      { numRuns: 300 },
    );
  });

  it('values that are not JSON data, anywhere in an example, are reported or kept without throwing', () => {
    const sparse: unknown[] = [];
    sparse[1] = 'x';
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    const getter = () => {
      throw new Error('no access');
    };
    const throwing = Object.defineProperty({}, 'a', { enumerable: true, get: getter });
    const values: unknown[] = [undefined, Number.NaN, -Infinity, () => 1, Symbol('s'), 10n, new Date(0), new Map()];
    values.push(new URL('https://x.example'), sparse, Object.create(null), proxy, throwing);
    for (const [i, example] of examples.entries()) {
      for (const path of examplePaths[i]!.filter((_, n) => n % 9 === 0)) {
        for (const value of values) {
          const input = mutate(example.payload, path, value);
          let result: ReturnType<typeof checkRequest> | undefined;
          expect(() => (result = checkRequest(example.kind, input))).not.toThrow();
          expect(findRequestIssues(example.kind, input)).toEqual(result!.ok ? result!.warnings : result!.issues);
          try {
            parseRequest(example.kind, input);
          } catch (error) {
            expect(isValidationError(error)).toBe(true);
          }
        }
      }
    }
  });

  it('mutated example payloads are checked against their own kind without throwing', () => {
    fc.assert(
      fc.property(
        fc.nat(examples.length - 1),
        fc.nat(),
        fc.jsonValue({ maxDepth: 2 }),
        (example, pick, replacement) => {
          const paths = examplePaths[example]!;
          const input = mutate(examples[example]!.payload, paths[pick % paths.length]!, replacement);
          const result = neverThrowsButValidationError(examples[example]!.kind, input);
          // every issue has a printable path and message
          for (const issue of result.ok ? result.warnings : result.issues) {
            expect(issue.message.length).toBeGreaterThan(0);
            expect(issue.path.every((s) => typeof s === 'string' || typeof s === 'number')).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('every place of every example, deleted or replaced by a value of another kind, is checked without throwing', () => {
    // Systematic where the random runs above are not: each rule sees each field of the wrong kind.
    // One value of each other kind: absent, null, a string, a number, an object.
    const replacements: unknown[] = [DELETE, null, 'x', 1.5, {}];
    let checks = 0;
    for (const [i, example] of examples.entries()) {
      for (const path of examplePaths[i]!) {
        for (const replacement of replacements) {
          const input = mutate(example.payload, path, replacement);
          try {
            checkRequest(example.kind, input);
          } catch (error) {
            throw new Error(
              `checkRequest(${example.kind}) threw for ${example.name} with ${JSON.stringify(path)} = ${String(replacement)}`,
              { cause: error },
            );
          }
          checks++;
        }
      }
    }
    expect(checks).toBe(replacements.length * examplePaths.reduce((sum, paths) => sum + paths.length, 0));
  });

  it('an extra field anywhere in a valid example is kept byte for byte and warned about, never an error', () => {
    fc.assert(
      fc.property(extendedPayload, ({ kind, path, key, input }) => {
        const result = neverThrowsButValidationError(kind, input);
        const inModifyKeys = kind === 'modify' && path.length === 1 && path[0] === 'updates';
        expect(result.ok).toBe(!inModifyKeys);
        if (!result.ok) return;
        // Open data (dictionary, tts, an aiModel's headOnly) is not inspected; everywhere else the field is a warning
        // at its path.
        const open = path.some((segment) => segment === 'dictionary' || segment === 'tts' || segment === 'headOnly');
        if (!open) expect(result.warnings.map((w) => w.path)).toContainEqual([...path, key]);
      }),
      { numRuns: 1000 },
    );
  });

  it('dubbing checks never throw', () => {
    fc.assert(
      fc.property(
        anyJson,
        fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.constant(new Blob(['x'])))),
        (input, form) => {
          expect(Array.isArray(checkDubbingOptions(input))).toBe(true);
          expect(Array.isArray(checkDubbingForm(form))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('parseResponse throws only ApiError', () => {
    const schemas = [projectCreateResponseSchema, legacyProjectResponseSchema, dubbingProgressSchema];
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(schemas.length - 1), (body, which) => {
        try {
          parseResponse(schemas[which]!, body, { endpoint: 'POST /api/odin/v3/editor/project' });
        } catch (error) {
          expect(isApiError(error)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
