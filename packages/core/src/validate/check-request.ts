import { UsageError } from '../errors/usage-error.js';
import type { Issue } from '../errors/issue.js';
import { compileFastCheck } from './compile-fast-check.js';
import { copyJsonData } from './copy-json-data.js';
import { isRecord } from './describe-value.js';
import { findNonJsonData } from './find-non-json-data.js';
import { findUnknownFields } from './find-unknown-fields.js';
import { REQUEST_KINDS, REQUEST_RULES, REQUEST_SCHEMAS, isRequestKind, type RequestKind, type RequestOfKind } from './request-kind.js';
import { zodIssuesToIssues } from './zod-issues-to-issues.js';

/** The answer of {@link checkRequest}. */
export type CheckResult<T> =
  | { readonly ok: true; readonly value: T; readonly warnings: Issue[] }
  | { readonly ok: false; readonly issues: Issue[] };

/** Options of {@link checkRequest} and {@link findRequestIssues}. */
export interface CheckRequestOptions {
  /**
   * Default true: a body the schema's compiled check finds valid (no unknown field, plain JSON
   * data) skips zod. False always runs zod, for tests and benchmarks comparing both paths; the
   * answer is the same either way.
   */
  readonly fastPath?: boolean;
}

/**
 * Validates a request body of the given kind and reports every problem at once: schema errors
 * (types, required fields, ranges, enums), the spec's cross-field rules (errors), and quirks of
 * real payloads and unknown fields (warnings). Never throws for any input (a cycle or a throwing
 * getter in a value built in code is reported as an issue); unknown fields are kept in `value`.
 * `value` is a fresh deep copy of the input with every object's keys in the input's order
 * (zod's output put back in that order; for a body valid at first sight, a copy of the plain
 * JSON data made without zod: the request schemas have no defaults or transforms, so both are
 * equal). Throws `UsageError` only for an unknown `kind`.
 *
 * @example
 * const result = checkRequest('create', JSON.parse(text))
 * if (!result.ok) console.error(formatIssues(result.issues))
 * else for (const warning of result.warnings) console.warn(formatIssue(warning))
 */
export function checkRequest<K extends RequestKind>(kind: K, input: unknown, options: CheckRequestOptions = {}): CheckResult<RequestOfKind[K]> {
  const found = collectIssues(kind, input, options.fastPath !== false);
  if (found.data !== undefined && found.errors.length === 0) {
    const value = found.data === FAST ? copyJsonData(input) : inInputOrder(found.data.value, input);
    return { ok: true, value: value as RequestOfKind[K], warnings: found.warnings };
  }
  return { ok: false, issues: [...found.errors, ...found.warnings] };
}

/**
 * The issues `checkRequest` would report, errors first, without building its `value` (for a
 * caller that keeps its own input, like compile): on a valid body this skips restoring the input's
 * key order, a third of `checkRequest`'s cost on a body whose keys are not in the schema's order.
 * Throws `UsageError` only for an unknown `kind`.
 *
 * @example
 * const issues = findRequestIssues('create', payload)
 * if (issues.some((i) => i.severity === 'error')) console.error(formatIssues(issues))
 */
export function findRequestIssues(kind: RequestKind, input: unknown, options: CheckRequestOptions = {}): Issue[] {
  const found = collectIssues(kind, input, options.fastPath !== false);
  return [...found.errors, ...found.warnings];
}

/** Marks a body accepted by the compiled check: its value is a copy of the input. */
const FAST = 'fast';

/** Each kind's compiled check, built on first use. */
const fastChecks = new Map<RequestKind, (input: unknown) => boolean>();

function fastCheckOf(kind: RequestKind): (input: unknown) => boolean {
  let check = fastChecks.get(kind);
  if (check === undefined) {
    check = compileFastCheck(REQUEST_SCHEMAS[kind]);
    fastChecks.set(kind, check);
  }
  return check;
}

/** `data` is set when the schema accepted the input: zod's output, or FAST when zod did not run. */
function collectIssues(kind: RequestKind, input: unknown, fastPath: boolean): { data: { value: unknown } | typeof FAST | undefined; errors: Issue[]; warnings: Issue[] } {
  if (!isRequestKind(kind)) {
    throw new UsageError(`Unknown request kind ${JSON.stringify(kind)}: use one of ${REQUEST_KINDS.join(', ')}`);
  }
  // Valid, no unknown field, plain JSON data: zod, the unknown-field walk and the JSON-data walk
  // would report nothing; only the spec's rules remain.
  if (fastPath && fastCheckOf(kind)(input)) {
    const rules = REQUEST_RULES[kind](input);
    return { data: FAST, errors: rules.filter((i) => i.severity === 'error'), warnings: rules.filter((i) => i.severity !== 'error') };
  }
  // Checked first: a cycle would make the walks below loop, a throwing getter would escape.
  const notData = findNonJsonData(input);
  if (notData !== undefined) return { data: undefined, errors: [notData], warnings: [] };
  const schema = REQUEST_SCHEMAS[kind];
  const issues: Issue[] = [];
  // Parsed without reportInput first: with it zod keeps more of every valid body alive (about
  // twice the promoted garbage per call in a batch); a failing body is parsed again with it,
  // for messages that quote what was received.
  const result = schema.safeParse(input);
  if (!result.success) {
    const reported = schema.safeParse(input, { reportInput: true });
    issues.push(...zodIssuesToIssues(reported.error ?? result.error, { input }));
  }
  issues.push(...REQUEST_RULES[kind](input));
  issues.push(...findUnknownFields(schema, input));
  const errors = issues.filter((i) => i.severity === 'error');
  const warnings = issues.filter((i) => i.severity !== 'error');
  return { data: result.success ? { value: result.data } : undefined, errors, warnings };
}

/**
 * zod writes known keys first; put every object's keys back in the input's order so that
 * `JSON.stringify(value)` of a payload from the wild is byte-identical to the input's. zod's own
 * objects and arrays already in that order are kept as they are (the usual case allocates
 * nothing); an object or array zod passed through from the input is copied, as is any object
 * whose keys move.
 */
function inInputOrder(value: unknown, like: unknown, depth = 0): unknown {
  if (depth > 256) return value;
  if (Array.isArray(value)) {
    if (!Array.isArray(like)) return value;
    let out = value === like ? value.slice() : value;
    for (let i = 0; i < value.length; i++) {
      const item = inInputOrder(value[i], like[i], depth + 1);
      if (item === value[i]) continue;
      if (out === value) out = value.slice();
      out[i] = item;
    }
    return out;
  }
  if (!isRecord(value) || !isRecord(like)) return value;
  const keys = Object.keys(value);
  const likeKeys = Object.keys(like);
  if (value !== like && Object.getPrototypeOf(value) === Object.prototype && startsWith(keys, likeKeys)) {
    let out: Record<string, unknown> | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const child = inInputOrder(value[key], like[key], depth + 1);
      if (child !== value[key] && out === undefined) {
        out = {};
        for (let k = 0; k < i; k++) define(out, keys[k] as string, value[keys[k] as string]);
      }
      if (out !== undefined) define(out, key, child);
    }
    return out ?? value;
  }
  const out: Record<string, unknown> = {};
  // zod assigns keys, so an own `__proto__` field of the input is missing from its output; any
  // key zod dropped is an unknown one it would have passed through as given.
  for (const key of likeKeys) define(out, key, Object.hasOwn(value, key) ? inInputOrder(value[key], like[key], depth + 1) : like[key]);
  for (const key of keys) if (!Object.hasOwn(like, key)) define(out, key, inInputOrder(value[key], like[key], depth + 1));
  return out;
}

function startsWith(keys: readonly string[], prefix: readonly string[]): boolean {
  if (keys.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (keys[i] !== prefix[i]) return false;
  return true;
}

function define(out: Record<string, unknown>, key: string, value: unknown): void {
  // Assigning `__proto__` would set the prototype instead of adding the field.
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}
