import { TemplateError, closestName, escapeHtml, formatPath, issue, type Issue, type PathSegment } from '@vsynth/core';
import type { HandlebarsEnv } from './create-handlebars.js';
import { findUnknownHelper } from './find-unknown-helper.js';
import { missingVariableIssue } from './missing-variable-issue.js';

/** How the values a template inserts are written into a field. */
export type FieldEscape = 'html' | 'none';

export interface CompileTextOptions {
  readonly env: HandlebarsEnv;
  /** `html` for script text (`org`, `scripts_N`), `none` for plain text (titles, subtitles). */
  readonly escape: FieldEscape;
  /** Where the text sits in the request, e.g. `['updates', 'title_2']`; used in issues. */
  readonly path: readonly PathSegment[];
}

/** A field's text compiled once, bound per row. */
export interface TextTemplate {
  readonly source: string;
  readonly path: readonly PathSegment[];
  /** Row columns the text needs: a row without one of them is an error. */
  readonly required: ReadonlySet<string>;
  /** Row columns the text reads when present (first argument of `default`). */
  readonly optional: ReadonlySet<string>;
  readonly constant: boolean;
  /** Binds one row; `row` is the 1-based row number used in issues. */
  render(
    data: Readonly<Record<string, unknown>>,
    row: number,
  ): { ok: true; value: string } | { ok: false; issues: Issue[] };
}

const ESCAPE_HELPER = '__vsynthEscapeHtml';
const TEXT_HELPER = '__vsynthText';

/**
 * Compiles the text of one field with Handlebars in strict mode (row values are data, never
 * compiled). In script text (`escape: 'html'`) each `{{…}}` output is HTML-escaped; `{{{…}}}` opts out.
 *
 * @example
 * const t = compileText('Hello {{firstName}}', {
 *   env: createHandlebars(),
 *   escape: 'none',
 *   path: ['updates', 'title'],
 * });
 * t.render({ firstName: 'Tom & Jerry' }, 1) // { ok: true, value: 'Hello Tom & Jerry' }
 */
export function compileText(source: string, options: CompileTextOptions): TextTemplate {
  const { env, path } = options;
  if (!env.helpers[ESCAPE_HELPER])
    env.registerHelper(ESCAPE_HELPER, (value: unknown, o: HelperOptions) => escapeHtml(textOf(value, o)));
  if (!env.helpers[TEXT_HELPER]) env.registerHelper(TEXT_HELPER, textOf);
  let ast: HbNode;
  try {
    ast = env.parse(source) as unknown as HbNode;
  } catch (error) {
    throw new TemplateError(
      `Template text at ${formatPath(path)} could not be compiled; fix the {{…}} syntax.`,
      [syntaxIssue(error, path)],
      { cause: error },
    );
  }
  const helpers = new Set(Object.keys(env.helpers));
  const unknownHelper = findUnknownHelper(ast, helpers);
  if (unknownHelper !== undefined) {
    // One template-level error, not a "missing variable" for every row.
    const known = Object.keys(env.helpers).filter(
      (name) => !name.startsWith('__') && name !== 'helperMissing' && name !== 'blockHelperMissing' && name !== 'log',
    );
    const guess = closestName(unknownHelper, known);
    const message = `calls the helper "${unknownHelper}", which does not exist${guess === undefined ? '' : `; did you mean "${guess}"?`} (helpers: ${known.join(', ')})`;
    throw new TemplateError(`Template text at ${formatPath(path)} ${message}.`, [
      issue({ code: 'template', message, path }),
    ]);
  }
  const required = new Set<string>();
  const optional = new Set<string>();
  collectVariables(ast, helpers, required, optional);
  for (const name of optional) if (required.has(name)) optional.delete(name);
  const constant = !source.includes('{{');
  const simple = constant ? undefined : simpleParts(ast, helpers, options.escape);
  rewriteOutputs(ast, helpers, options.escape);
  const template = constant
    ? () => source
    : simple !== undefined
      ? (data: Readonly<Record<string, unknown>>) => renderSimple(simple, data)
      : denyProtoQuietly(
          env.compile(ast as unknown as Parameters<HandlebarsEnv['compile']>[0], {
            strict: true,
            noEscape: true,
            knownHelpers: { [ESCAPE_HELPER]: true, [TEXT_HELPER]: true },
          }),
        );
  return {
    source,
    path,
    required,
    optional,
    constant,
    render(data, row) {
      if (constant) return { ok: true, value: source };
      const issues: Issue[] = [];
      for (const name of required) {
        if (!Object.hasOwn(data, name))
          issues.push(missingVariableIssue({ name, row, path, columns: Object.keys(data) }));
      }
      if (issues.length > 0) return { ok: false, issues };
      try {
        return { ok: true, value: template(data) };
      } catch (error) {
        return { ok: false, issues: [renderIssue(error, row, path, Object.keys(data))] };
      }
    },
  };
}

/**
 * Runs a compiled template with prototype access denied explicitly: Handlebars then denies
 * without printing its console warning (which advises turning the protection off); the
 * denied read reaches `renderIssue` as a value the row does not have.
 */
function denyProtoQuietly(
  template: (data: unknown, options?: object) => string,
): (data: Readonly<Record<string, unknown>>) => string {
  const runtime = { allowProtoPropertiesByDefault: false, allowProtoMethodsByDefault: false };
  return (data) => template(data, runtime);
}

/** A template made only of text and `{{name}}`: rendered without Handlebars, same output. */
type SimplePart = string | { readonly name: string; readonly html: boolean };

/** Recognises text with plain `{{name}}` / `{{{name}}}` only (no helpers, blocks, paths or partials). */
function simpleParts(ast: HbNode, helpers: ReadonlySet<string>, escape: FieldEscape): SimplePart[] | undefined {
  const parts: SimplePart[] = [];
  for (const node of ast.body ?? []) {
    if (node.type === 'ContentStatement') {
      parts.push(String(node.value ?? ''));
      continue;
    }
    if (node.type !== 'MustacheStatement') return undefined;
    const path = node.path;
    if ((node.params?.length ?? 0) > 0 || (node.hash?.pairs.length ?? 0) > 0 || path?.type !== 'PathExpression')
      return undefined;
    const name = path.parts?.[0];
    if (
      path.data === true ||
      (path.depth ?? 0) > 0 ||
      path.parts?.length !== 1 ||
      name === undefined ||
      name === 'this' ||
      helpers.has(name) ||
      path.original !== name
    )
      return undefined;
    parts.push({ name, html: escape === 'html' && node.escaped === true });
  }
  return parts;
}

function renderSimple(parts: readonly SimplePart[], data: Readonly<Record<string, unknown>>): string {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      out += part;
      continue;
    }
    const value = data[part.name];
    if (value === undefined || value === null) continue;
    const text = typeof value === 'string' ? value : String(value);
    out += part.html ? escapeHtml(text) : text;
  }
  return out;
}

/** Thrown by the output helpers when a `{{name}}` inside a block (or a helper's result) resolves to nothing. */
class MissingValue extends Error {
  constructor(
    readonly variable: string,
    /** The value came from a helper call (`{{lookup …}}`), not a column. */
    readonly call: boolean,
  ) {
    super(`missing variable "${variable}"`);
  }
}

interface HelperOptions {
  readonly hash: Record<string, unknown>;
}

/** Every `{{…}}` output goes through here: a string, '' for null, never a missing value. */
function textOf(value: unknown, helperOptions: HelperOptions): string {
  if (value === undefined)
    throw new MissingValue(String(helperOptions.hash['name']), helperOptions.hash['call'] === true);
  if (value === null) return '';
  return typeof value === 'string' ? value : String(value);
}

function renderIssue(error: unknown, row: number, path: readonly PathSegment[], columns: string[]): Issue {
  if (error instanceof MissingValue && error.call) {
    return issue({
      code: 'template',
      message: `{{${error.variable} …}} gives no value for this row (a key or column it looks up is missing)`,
      path,
      row,
    });
  }
  if (error instanceof MissingValue && isInherited(error.variable)) {
    const property = error.variable.split('.').pop() ?? error.variable;
    return issue({
      code: 'template',
      message: `{{${error.variable}}} reads "${property}", a property every object inherits, not a column or key of this row; templates never read inherited properties (rename the column or key)`,
      path,
      row,
    });
  }
  if (error instanceof MissingValue) return missingVariableIssue({ name: error.variable, row, path, columns });
  const message = error instanceof Error ? error.message : String(error);
  const strict = /^"([^"]+)" not defined in/.exec(message);
  if (strict?.[1] !== undefined) return missingVariableIssue({ name: strict[1], row, path, columns });
  const through = /^Cannot read properties of (?:undefined|null) \(reading '([^']*)'\)/.exec(message);
  if (through !== undefined && through !== null) {
    return issue({
      code: 'template',
      message: `a {{…}} path reads "${through[1]}" of a value this row does not have (a missing column or key; prototype properties such as constructor are never read)`,
      path,
      row,
    });
  }
  return issue({ code: 'template', message: message.replace(/ - \d+:\d+$/, ''), path, row });
}

/**
 * True when the last segment of `a.b.toString` names a property of `Object.prototype` (`constructor`, `toString`,
 * `__proto__`…).
 */
function isInherited(variable: string): boolean {
  const property = variable.split('.').pop() ?? '';
  return property !== '' && property in Object.prototype;
}

/** What the parser's last token means to someone who wrote the template. */
const UNEXPECTED: Readonly<Record<string, string>> = {
  EOF: 'the text ends inside an open {{#block}} or {{…}}; close it ({{/if}}, }})',
  INVALID: 'a {{…}} is not closed with }}',
  CLOSE: 'an empty {{ }}',
};

/**
 * Turns Handlebars' parser message (an excerpt, a caret line and the list of tokens it expected)
 * into one line: where, and what is wrong.
 *
 * @example "Parse error on line 1:\n{{#if x}}\n---------^\nExpecting 'COMMENT', …, got 'EOF'"
 * // → 'template syntax, line 1 near "{{#if x}}": the text ends inside an open {{#block}} …'
 */
function syntaxIssue(error: unknown, path: readonly PathSegment[]): Issue {
  const raw = error instanceof Error ? error.message : String(error);
  const parse = /^Parse error on line (\d+):\n(.*)\n-*\^\n[\s\S]*got '([^']+)'$/.exec(raw);
  const message = parse
    ? `template syntax, line ${parse[1]} near "${parse[2]}": ${UNEXPECTED[parse[3]!] ?? `unexpected ${parse[3]!.toLowerCase()}`}`
    : `template syntax: ${raw
        .replace(
          / - (\d+):(\d+)$/,
          (_all, line: string, column: string) => ` (line ${line}, column ${Number(column) + 1})`,
        )
        .split('\n')
        .join(' ')}`;
  return issue({ code: 'template', message, path });
}

/** The parts of the Handlebars AST this file reads. */
interface HbNode {
  type: string;
  body?: HbNode[];
  path?: HbNode;
  params?: HbNode[];
  hash?: { type: 'Hash'; pairs: { key: string; value: HbNode }[] };
  program?: HbNode;
  inverse?: HbNode;
  blockParams?: string[];
  parts?: string[];
  original?: string;
  data?: boolean;
  depth?: number;
  escaped?: boolean;
  value?: unknown;
  loc?: unknown;
  strip?: unknown;
}

/** Block helpers that keep the row as context; any other block (each, with, …) changes it. */
const SAME_CONTEXT_BLOCKS = new Set(['if', 'unless']);

function collectVariables(
  node: HbNode | undefined,
  helpers: ReadonlySet<string>,
  required: Set<string>,
  optional: Set<string>,
  root = true,
): void {
  if (node === undefined) return;
  switch (node.type) {
    case 'Program':
      for (const child of node.body ?? []) collectVariables(child, helpers, required, optional, root);
      return;
    case 'MustacheStatement':
    case 'SubExpression':
    case 'BlockStatement': {
      const head = node.path;
      const isCall =
        (node.params?.length ?? 0) > 0 ||
        (node.hash?.pairs.length ?? 0) > 0 ||
        node.type === 'BlockStatement' ||
        node.type === 'SubExpression';
      const helperName = head?.type === 'PathExpression' ? head.original : undefined;
      const isHelper =
        helperName !== undefined && (helpers.has(helperName) || (isCall && node.type !== 'BlockStatement'));
      if (!isHelper) collectVariables(head, helpers, required, optional, root);
      node.params?.forEach((param, index) => {
        if (helperName === 'default' && index === 0 && param.type === 'PathExpression') {
          addPath(param, root ? optional : undefined);
        } else {
          collectVariables(param, helpers, required, optional, root);
        }
      });
      for (const pair of node.hash?.pairs ?? []) collectVariables(pair.value, helpers, required, optional, root);
      if (node.type === 'BlockStatement') {
        const keeps = helperName !== undefined && SAME_CONTEXT_BLOCKS.has(helperName);
        collectVariables(node.program, helpers, required, optional, root && keeps);
        collectVariables(node.inverse, helpers, required, optional, root && keeps);
      }
      return;
    }
    case 'PathExpression':
      if (root) addPath(node, required);
      return;
    default:
      return;
  }
}

function addPath(node: HbNode, into: Set<string> | undefined): void {
  if (into === undefined || node.data === true || (node.depth ?? 0) > 0) return;
  const head = node.parts?.[0];
  if (head !== undefined && head !== 'this') into.add(head);
}

/**
 * Routes every `{{x}}` through our helpers: `{{__vsynthEscapeHtml x name="x"}}` for escaped output
 * in script text, `{{__vsynthText x name="x"}}` otherwise. The escaping is then ours and per
 * field, a value inside a block that resolves to nothing is an error, and values are always
 * joined as text (Handlebars' noEscape output adds two numbers or booleans instead).
 */
function rewriteOutputs(node: HbNode | undefined, helpers: ReadonlySet<string>, escape: FieldEscape): void {
  if (node === undefined) return;
  if (node.type === 'Program') {
    for (const child of node.body ?? []) rewriteOutputs(child, helpers, escape);
    return;
  }
  if (node.type === 'BlockStatement') {
    rewriteOutputs(node.program, helpers, escape);
    rewriteOutputs(node.inverse, helpers, escape);
    return;
  }
  if (node.type !== 'MustacheStatement' || node.path === undefined) return;
  const head = node.path;
  const name = head.original ?? '';
  const isCall =
    (node.params?.length ?? 0) > 0 ||
    (node.hash?.pairs.length ?? 0) > 0 ||
    (head.type === 'PathExpression' && helpers.has(name));
  const argument: HbNode = isCall
    ? {
        type: 'SubExpression',
        path: head,
        params: node.params ?? [],
        hash: node.hash ?? { type: 'Hash', pairs: [] },
        loc: node.loc,
      }
    : head;
  const helper = escape === 'html' && node.escaped === true ? ESCAPE_HELPER : TEXT_HELPER;
  node.path = { type: 'PathExpression', data: false, depth: 0, parts: [helper], original: helper, loc: head.loc };
  node.params = [argument];
  const pairs: { key: string; value: HbNode }[] = [
    { key: 'name', value: { type: 'StringLiteral', value: name, original: name, loc: head.loc } },
  ];
  if (isCall) pairs.push({ key: 'call', value: { type: 'BooleanLiteral', value: true, loc: head.loc } });
  node.hash = { type: 'Hash', pairs };
  node.escaped = false;
}
