import {
  ValidationError,
  closestName,
  issue,
  zodIssuesToIssues,
  type Issue,
  type PathSegment,
  type SourceLocation,
} from '@vsynth/core';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { propsJsonSchema, type JsonSchemaNode, type PropsSchema } from './props-schema.js';

/** Where props came from, for messages: a file (with its text, to point at the line) or a door's name. */
export interface PropsOrigin {
  /** `video.props.json`, `--props`, `rows.csv row 17`, …: names the source in every message. */
  readonly name: string;
  /** The JSON text the props were read from: messages then carry `name:line:col` of the key. */
  readonly text?: string;
}

export interface ParsePropsOptions {
  /**
   * `refuse` (default): a key the schema does not name is a problem, with the closest name. `ignore`:
   * such keys are left to the schema (a data file's extra columns, which a batch warns about once).
   */
  readonly unknownKeys?: 'refuse' | 'ignore';
}

/**
 * Parses props with a video's schema before its component runs: defaults applied, unknown keys
 * refused (with the closest known name), every problem reported together in one ValidationError,
 * each naming the prop's path and, for a JSON file, the line and column of its key.
 *
 * @example
 * parseProps(schema, { custmer: 'Dana' }, { name: 'video.props.json', text })
 * // throws: Invalid video.props.json: 2 problems
 * //   ✖ custmer is not a prop of this video; did you mean "customer"?  → at video.props.json:1:3
 * //   ✖ customer is required …
 */
export function parseProps(
  schema: PropsSchema,
  input: unknown,
  origin: PropsOrigin,
  options: ParsePropsOptions = {},
): Record<string, unknown> {
  const props = withoutSchemaPointer(input);
  const result = schema.safeParse(props);
  const issues = options.unknownKeys === 'ignore' ? [] : unknownProps(props, propsJsonSchema(schema), []);
  if (!result.success) issues.push(...zodIssuesToIssues(result.error, { input: props, rootName: 'the props' }));
  if (issues.length > 0) {
    const locate = origin.text === undefined ? undefined : locator(origin.name, origin.text);
    const located = issues.map((found) => {
      const source = locate?.(found.path);
      return source === undefined ? found : { ...found, source };
    });
    throw new ValidationError(located, { subject: origin.name });
  }
  return result.data as Record<string, unknown>;
}

/** A props file may name its JSON Schema (`"$schema": "./video.props.schema.json"`) for editors: not a prop. */
function withoutSchemaPointer(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('$schema' in input)) return input;
  const { $schema: _pointer, ...props } = input as Record<string, unknown>;
  return props;
}

/** Keys of `value` that its schema node does not name, and in what it does name, theirs. */
function unknownProps(value: unknown, node: JsonSchemaNode, path: PathSegment[]): Issue[] {
  const out: Issue[] = [];
  const items = node.items;
  if (Array.isArray(value) && items !== undefined) {
    for (const [index, item] of value.entries()) out.push(...unknownProps(item, items, [...path, index]));
    return out;
  }
  if (typeof value !== 'object' || value === null || node.properties === undefined) return out;
  const known = Object.keys(node.properties);
  const open = node.additionalProperties !== undefined && node.additionalProperties !== false;
  for (const [key, child] of Object.entries(value)) {
    const childNode = node.properties[key];
    if (childNode !== undefined) {
      out.push(...unknownProps(child, childNode, [...path, key]));
      continue;
    }
    if (open) continue;
    const closest = closestName(key, known);
    const advice = closest === undefined ? `the props are ${known.join(', ')}` : `did you mean "${closest}"?`;
    const where = [...path, key].join('.');
    out.push(
      issue({ code: 'unknown_key', message: `${where} is not a prop of this video; ${advice}`, path: [...path, key] }),
    );
  }
  return out;
}

/** For a path, the line and column of its key in the JSON text (of the nearest enclosing object when absent). */
function locator(fileName: string, text: string): (path: readonly PathSegment[]) => SourceLocation | undefined {
  const root = parseTree(text);
  const starts = lineStarts(text);
  return (path) => {
    if (root === undefined) return undefined;
    for (let depth = path.length; depth >= 0; depth--) {
      const node = findNodeAtLocation(root, path.slice(0, depth) as (string | number)[]);
      if (node === undefined) continue;
      const at = keyOf(node) ?? node;
      return { fileName, ...lineAndColumn(starts, at.offset) };
    }
    return undefined;
  };
}

/** The key node of a property's value, so the position is the key's own. */
function keyOf(node: Node): Node | undefined {
  const parent = node.parent;
  return parent?.type === 'property' ? parent.children?.[0] : undefined;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return starts;
}

function lineAndColumn(starts: readonly number[], offset: number): { lineNumber: number; columnNumber: number } {
  let line = 0;
  while (line + 1 < starts.length && (starts[line + 1] as number) <= offset) line++;
  return { lineNumber: line + 1, columnNumber: offset - (starts[line] as number) + 1 };
}
