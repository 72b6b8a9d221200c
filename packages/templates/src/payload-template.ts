import { TemplateError, findRequestIssues, omitUndefined, type Issue, type PathSegment } from '@vsynth/core';
import type { BindResult, SyncBatchTemplate } from './batch-template.js';
import { compileText, type TextTemplate } from './compile-text.js';
import { createHandlebars } from './create-handlebars.js';
import { withRow } from './with-row.js';

export interface PayloadTemplateOptions {
  /** `create` (v3, variant A or B) or `legacy`. Default: `legacy` when scenes carry `AIModel`, else `create`. */
  readonly kind?: 'create' | 'legacy';
  readonly locale?: string;
  /** For messages, e.g. the template's file name. */
  readonly name?: string;
}

/**
 * Compiles a payload template: a create payload (v3 or legacy) with `{{…}}` in string leaves, each
 * compiled once; each row's payload is checked with core's rules. Speech text values are HTML-escaped.
 *
 * @example
 * const template = payloadTemplate(compiled.payload);
 * const bound = template.bind({ firstName: 'Ana' }, 1);
 * if (bound.ok) await client.createProject(bound.request.body);
 */
export function payloadTemplate(payload: unknown, options: PayloadTemplateOptions = {}): SyncBatchTemplate {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new TemplateError(
      `The payload template${options.name === undefined ? '' : ` ${options.name}`} must be a JSON object with scenes.`,
      [],
    );
  }
  const kind = options.kind ?? (isLegacy(payload) ? 'legacy' : 'create');
  const env = createHandlebars(omitUndefined({ locale: options.locale }));
  const texts: TextTemplate[] = [];
  const problems: Issue[] = [];
  const shape = compileTree(payload, [], (source, path) => {
    try {
      const text = compileText(source, { env, escape: path[path.length - 1] === 'org' ? 'html' : 'none', path });
      texts.push(text);
      return text;
    } catch (error) {
      problems.push(...((error as TemplateError).issues ?? []));
      return undefined;
    }
  });
  const description = `${kind === 'legacy' ? 'legacy' : 'create'} payload template${options.name === undefined ? '' : ` ${options.name}`}`;
  if (problems.length > 0) throw new TemplateError(`The ${description} cannot be used.`, problems);
  return {
    kind,
    description,
    columns: {
      required: new Set(texts.flatMap((t) => [...t.required])),
      optional: new Set(texts.flatMap((t) => [...t.optional])),
    },
    bind(data, row): BindResult {
      const issues: Issue[] = [];
      const body = instantiate(shape, data, row, issues) as Record<string, unknown>;
      if (issues.length > 0) return { ok: false, issues };
      const found = findRequestIssues(kind, body);
      if (found.some((i) => i.severity === 'error')) return { ok: false, issues: withRow(found, row) };
      return { ok: true, request: { kind, body }, warnings: withRow(found, row) };
    },
  };
}

/** A payload with its templated leaves replaced by compiled text. */
type Shape =
  | { readonly text: TextTemplate }
  | { readonly array: Shape[] }
  | { readonly object: [string, Shape][] }
  | { readonly value: unknown };

function compileTree(
  node: unknown,
  path: PathSegment[],
  compile: (source: string, path: PathSegment[]) => TextTemplate | undefined,
): Shape {
  if (typeof node === 'string' && node.includes('{{')) {
    const text = compile(node, path);
    return text === undefined ? { value: node } : { text };
  }
  if (Array.isArray(node)) return { array: node.map((item, index) => compileTree(item, [...path, index], compile)) };
  if (typeof node === 'object' && node !== null) {
    return { object: Object.entries(node).map(([key, value]) => [key, compileTree(value, [...path, key], compile)]) };
  }
  return { value: node };
}

function instantiate(shape: Shape, data: Readonly<Record<string, unknown>>, row: number, issues: Issue[]): unknown {
  if ('text' in shape) {
    const result = shape.text.render(data, row);
    if (result.ok) return result.value;
    issues.push(...result.issues);
    return '';
  }
  if ('array' in shape) return shape.array.map((item) => instantiate(item, data, row, issues));
  if ('object' in shape) {
    // Defined, not assigned: a `__proto__` key in the template stays a field and never sets the prototype.
    return Object.fromEntries(Array.from(shape.object, ([key, value]) => [key, instantiate(value, data, row, issues)]));
  }
  return shape.value;
}

function isLegacy(payload: object): boolean {
  const scenes = (payload as { scenes?: unknown }).scenes;
  return (
    Array.isArray(scenes) && scenes.some((scene) => typeof scene === 'object' && scene !== null && 'AIModel' in scene)
  );
}
