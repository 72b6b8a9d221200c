import type { z } from 'zod';
import { issue, type Issue, type IssueCode, type PathSegment } from '../errors/issue.js';
import { describeExpected, describeValue, entries, isRecord } from './describe-value.js';

type ZodIssue = z.core.$ZodIssue;

export interface ZodIssuesToIssuesOptions {
  /** The validated value; used to say what was received when the zod issue does not carry it. */
  readonly input?: unknown;
  /** Prepended to every path (e.g. `['scenes', 2]` when a scene was validated on its own). */
  readonly prefix?: readonly PathSegment[];
  /** How to name the whole input when the path is empty. Default `the payload`. */
  readonly rootName?: string;
}

const NOTHING = Symbol('nothing');

/**
 * Turns a zod error into vsynth issues: one fixed-text message per problem naming the field,
 * what was expected and what was received, with a path like `scenes[0].scripts[0].modelId`.
 * This is the only place zod's issue shape is read; users never see zod's own text.
 *
 * @example
 * const result = sceneSchema.safeParse(raw, { reportInput: true })
 * if (!result.success) console.log(formatIssues(zodIssuesToIssues(result.error, { input: raw })))
 */
export function zodIssuesToIssues(
  error: z.ZodError | { readonly issues: readonly ZodIssue[] },
  options: ZodIssuesToIssuesOptions = {},
): Issue[] {
  const out: Issue[] = [];
  for (const zodIssue of withoutShadowedSizes(error.issues)) convert(zodIssue, options.prefix ?? [], options, out);
  return out;
}

/**
 * zod 4 runs length checks on any value with a `length`, so `"hello"` against
 * `z.array(…).length(1)` is reported as not an array *and* as 5 characters long. The size issue
 * says nothing once the type is wrong: drop size issues at a path that has a type issue.
 */
function withoutShadowedSizes(issues: readonly ZodIssue[]): readonly ZodIssue[] {
  const key = (i: ZodIssue) =>
    JSON.stringify(i.path.map((segment) => (typeof segment === 'symbol' ? String(segment) : segment)));
  const mistyped = new Set(issues.filter((i) => i.code === 'invalid_type').map(key));
  if (mistyped.size === 0) return issues;
  return issues.filter((i) => !((i.code === 'too_small' || i.code === 'too_big') && mistyped.has(key(i))));
}

function convert(
  zodIssue: ZodIssue,
  base: readonly PathSegment[],
  options: ZodIssuesToIssuesOptions,
  out: Issue[],
): void {
  const path = [...base, ...zodIssue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment)))];
  const name = subjectOf(path, options.rootName ?? 'the payload');
  const received = receivedOf(zodIssue, path, options);
  const push = (code: IssueCode, message: string, at: readonly PathSegment[] = path) =>
    out.push(issue({ code, message, path: at }));
  const got = received === NOTHING ? '' : `, received ${describeValue(received)}`;

  switch (zodIssue.code) {
    case 'invalid_type': {
      const expected = describeExpected(zodIssue.expected);
      const missing = received === NOTHING ? /received undefined$/.test(zodIssue.message) : received === undefined;
      if (missing) push('missing', `${name} is required: expected ${expected}, received nothing`);
      else
        push(
          'invalid_type',
          `${name} must be ${expected}${got === '' ? receivedKindFromMessage(zodIssue.message) : got}`,
        );
      return;
    }
    case 'too_small':
    case 'too_big': {
      push(zodIssue.code, `${name} ${boundText(zodIssue)}${sizeOf(zodIssue.origin, received)}`);
      return;
    }
    case 'invalid_format': {
      const rule = zodIssue.message.startsWith('must ')
        ? zodIssue.message
        : zodIssue.format === 'regex' && zodIssue.pattern !== undefined
          ? `must match the pattern ${zodIssue.pattern}`
          : `must be a valid ${zodIssue.format}`;
      push('invalid_format', `${name} ${rule}${got}`);
      return;
    }
    case 'invalid_value': {
      push('invalid_value', `${name} must be ${oneOf(zodIssue.values)}${got}`);
      return;
    }
    case 'not_multiple_of': {
      push('invalid_value', `${name} must be a multiple of ${zodIssue.divisor}${got}`);
      return;
    }
    case 'unrecognized_keys': {
      for (const key of zodIssue.keys) {
        push('unknown_key', `${JSON.stringify(key)} is not a known field of ${name}; remove it or check its spelling`, [
          ...path,
          key,
        ]);
      }
      return;
    }
    case 'invalid_key': {
      const key = path[path.length - 1];
      const owner = subjectOf(path.slice(0, -1), options.rootName ?? 'the payload');
      const inner = zodIssue.issues[0];
      const rule = inner?.message.startsWith('must ') ? inner.message : 'is not an allowed key';
      push('invalid_value', `${owner} key ${JSON.stringify(String(key))} ${rule}`);
      return;
    }
    case 'invalid_union': {
      convertUnion(zodIssue, path, name, received, options, out);
      return;
    }
    case 'invalid_element': {
      push('invalid_value', `${name} holds an invalid element`);
      return;
    }
    case 'custom': {
      const params: Record<string, unknown> = zodIssue.params ?? {};
      const code = typeof params['code'] === 'string' ? (params['code'] as IssueCode) : 'rule';
      push(code, zodIssue.message);
      return;
    }
    default: {
      const unknownIssue = zodIssue as { message?: unknown };
      push(
        'invalid_value',
        `${name} is invalid${typeof unknownIssue.message === 'string' ? ` (${unknownIssue.message})` : ''}`,
      );
    }
  }
}

function convertUnion(
  zodIssue: Extract<ZodIssue, { code: 'invalid_union' }>,
  path: PathSegment[],
  name: string,
  received: unknown,
  options: ZodIssuesToIssuesOptions,
  out: Issue[],
): void {
  if (zodIssue.discriminator !== undefined) {
    // zod reports the discriminator at `…/type` and the whole object as input.
    const owner = isRecord(zodIssue.input) ? zodIssue.input : NOTHING;
    const value = owner === NOTHING ? lookup(options.input, path) : owner[zodIssue.discriminator];
    const allowed = oneOf('options' in zodIssue ? (zodIssue.options ?? []) : []);
    if (value === undefined || value === NOTHING) {
      out.push(issue({ code: 'missing', message: `${name} is required: expected ${allowed}, received nothing`, path }));
    } else {
      out.push(
        issue({ code: 'invalid_value', message: `${name} must be ${allowed}, received ${describeValue(value)}`, path }),
      );
    }
    return;
  }
  const branches = zodIssue.errors.map(withoutShadowedSizes);
  const isRootMismatch = (i: ZodIssue) =>
    i.path.length === 0 && (i.code === 'invalid_type' || i.code === 'invalid_value');
  const deeper = branches.filter((branch) => branch.length > 0 && !branch.every(isRootMismatch));
  if (deeper.length > 0) {
    // The value had the right kind for one branch but failed inside it: report that branch.
    const best = deeper.reduce((a, b) => (b.length < a.length ? b : a));
    const { input: _ignored, ...rest } = options;
    const innerOptions: ZodIssuesToIssuesOptions =
      received === NOTHING ? { ...rest, prefix: path } : { ...rest, prefix: path, input: received };
    for (const inner of best) convert(inner, path, innerOptions, out);
    return;
  }
  const expected = branches.flatMap((branch) =>
    branch.map((i) =>
      i.code === 'invalid_type'
        ? describeExpected(i.expected)
        : i.code === 'invalid_value'
          ? oneOf(i.values)
          : 'another value',
    ),
  );
  const unique = [...new Set(expected)];
  const list =
    unique.length <= 1
      ? (unique[0] ?? 'another value')
      : `${unique.slice(0, -1).join(', ')} or ${unique[unique.length - 1]}`;
  if (received === undefined) {
    out.push(issue({ code: 'missing', message: `${name} is required: expected ${list}, received nothing`, path }));
  } else {
    const got = received === NOTHING ? '' : `, received ${describeValue(received)}`;
    out.push(issue({ code: 'invalid_type', message: `${name} must be ${list}${got}`, path }));
  }
}

/** Without the input, zod's default text still names the received kind (`… received string`). */
function receivedKindFromMessage(message: string): string {
  const kind = /received (\w+)$/.exec(message)?.[1];
  return kind === undefined ? '' : `, received ${describeExpected(kind)}`;
}

function boundText(zodIssue: Extract<ZodIssue, { code: 'too_small' | 'too_big' }>): string {
  const small = zodIssue.code === 'too_small';
  const bound = small ? zodIssue.minimum : zodIssue.maximum;
  const inclusive = zodIssue.inclusive !== false;
  switch (zodIssue.origin) {
    case 'array':
    case 'set':
      if (zodIssue.exact) return `must hold exactly ${entries(bound)}`;
      return small ? `must hold at least ${entries(bound)}` : `must hold at most ${entries(bound)}`;
    case 'string':
      if (small && bound === 1) return 'must not be empty';
      if (zodIssue.exact) return `must be exactly ${bound} characters long`;
      return small ? `must be at least ${bound} characters long` : `must be at most ${bound} characters long`;
    default:
      if (small) return inclusive ? `must be at least ${bound}` : `must be greater than ${bound}`;
      return inclusive ? `must be at most ${bound}` : `must be less than ${bound}`;
  }
}

function sizeOf(origin: string, received: unknown): string {
  if (received === NOTHING) return '';
  if ((origin === 'array' || origin === 'set') && Array.isArray(received))
    return `, received ${entries(received.length)}`;
  return `, received ${describeValue(received)}`;
}

function oneOf(values: readonly unknown[]): string {
  const quoted = values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v)));
  if (quoted.length === 1) return quoted[0] ?? '';
  return `one of ${quoted.join(', ')}`;
}

function receivedOf(zodIssue: ZodIssue, path: readonly PathSegment[], options: ZodIssuesToIssuesOptions): unknown {
  if ('input' in zodIssue && zodIssue.input !== undefined) return zodIssue.input;
  if (!('input' in options)) return NOTHING;
  const found = lookup(options.input, path.slice((options.prefix ?? []).length));
  return found === NOTHING ? undefined : found;
}

function lookup(root: unknown, path: readonly PathSegment[]): unknown {
  let current: unknown = root;
  for (const segment of path) {
    if (Array.isArray(current) && typeof segment === 'number') current = current[segment];
    else if (isRecord(current) && Object.hasOwn(current, segment)) current = current[String(segment)];
    else return undefined;
  }
  return current;
}

/**
 * Names the field a path ends at: the last key plus any indices after it (`clips[3]`), or the
 * root name for an empty path.
 */
function subjectOf(path: readonly PathSegment[], rootName: string): string {
  let end = path.length;
  let start = end;
  while (start > 0 && typeof path[start - 1] === 'number') start--;
  const indices = path
    .slice(start, end)
    .map((i) => `[${String(i)}]`)
    .join('');
  if (start === 0) return indices === '' ? rootName : `${rootName}${indices}`;
  end = start - 1;
  return `${String(path[end])}${indices}`;
}
