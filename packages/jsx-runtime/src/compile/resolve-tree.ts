import { issue, omitUndefined, type Issue, type SourceLocation } from '@vsynth/core';
import { FRAGMENT, isElement, type VsynthElement, type VsynthNode } from '../element.js';
import { builtinKind, type BuiltinKind } from '../components/builtin.js';
import { checkProps } from './check-props.js';
import { displayPath } from './display-path.js';
import { throwSite } from './throw-site.js';

/** A built-in element after user components ran and fragments flattened. */
export interface ResolvedElement {
  readonly kind: BuiltinKind;
  readonly props: Readonly<Record<string, unknown>>;
  /** Where the element was written, file relative to the working directory. */
  readonly source: SourceLocation | undefined;
  /** `<TitleCard> at examples/library-demo.tsx:12:5` when a user component produced it. */
  readonly via: string | undefined;
  /** Position in the element tree, stable across runs: keys or indices joined by `/`. */
  readonly path: string;
  /** Built-in children (Video, Scene only). */
  readonly children: readonly ResolvedElement[];
  /** Joined text children (Text, Avatar). */
  readonly text: string;
}

interface Context {
  readonly issues: Issue[];
  readonly cwd: string;
  /** Source file name → its `displayPath`. */
  readonly files: Map<string, string>;
}

/**
 * Calls every function component (awaiting async ones), flattens fragments and arrays, skips
 * `null`/`false`/`undefined`, and returns the built-in elements with source locations. Unknown props and
 * values outside a prop's set are reported with codes other than `jsx`.
 */
export async function resolveTree(node: VsynthNode, issues: Issue[], cwd = process.cwd()): Promise<ResolvedElement[]> {
  const out: ResolvedElement[] = [];
  await resolveNode(node, '', undefined, undefined, { issues, cwd, files: new Map() }, out);
  return out;
}

/**
 * Appends the built-in elements `node` resolves to onto `out`, in document order. `parent` locates
 * problems of text and non-element children: the element that holds them.
 */
async function resolveNode(
  node: VsynthNode,
  at: string,
  via: string | undefined,
  parent: SourceLocation | undefined,
  ctx: Context,
  out: ResolvedElement[],
): Promise<void> {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (Array.isArray(node)) {
    const nodes = node as readonly VsynthNode[];
    for (let i = 0; i < nodes.length; i++) {
      const child = nodes[i];
      const key = isElement(child) && child.key !== undefined ? `k:${child.key}` : String(i);
      await resolveNode(child, at === '' ? key : `${at}/${key}`, via, parent, ctx, out);
    }
    return;
  }
  if (typeof node === 'string' || typeof node === 'number') {
    if (typeof node === 'string' && node.trim() === '') return;
    const message = `text ${JSON.stringify(String(node).trim())} outside <Text> or <Avatar>; wrap it in <Text>`;
    report(ctx, message, via, parent);
    return;
  }
  if (!isElement(node)) {
    report(ctx, `expected an element, got ${describe(node)}`, via, parent);
    return;
  }
  await resolveElement(node, at, via, ctx, out);
}

function report(
  ctx: Context,
  message: string,
  via: string | undefined,
  source: SourceLocation | undefined,
  code: Issue['code'] = 'jsx',
): void {
  const text = via === undefined ? message : `${message} (in ${via})`;
  ctx.issues.push(issue({ code, message: text, path: [], ...omitUndefined({ source }) }));
}

async function resolveElement(
  element: VsynthElement,
  at: string,
  via: string | undefined,
  ctx: Context,
  out: ResolvedElement[],
): Promise<void> {
  const props = element.props as Record<string, unknown>;
  if (element.type === FRAGMENT) {
    return resolveNode(props['children'] as VsynthNode, at, via, locate(element, undefined, ctx), ctx, out);
  }
  const kind = builtinKind(element.type);
  if (kind === undefined) return renderComponent(element, props, at, via, ctx, out);
  const source = locate(element, kind, ctx);
  for (const problem of checkProps(kind, props)) report(ctx, problem.message, via, source, problem.code);
  const resolved = { kind, props, source, via, path: at, children: [] as ResolvedElement[], text: '' };
  if (kind === 'Video' || kind === 'Scene') {
    // Pushed before its children resolve, so `out` keeps document order.
    out.push(resolved);
    return resolveNode(props['children'] as VsynthNode, at, undefined, source, ctx, resolved.children);
  }
  if (kind === 'Text' || kind === 'Avatar') {
    resolved.text = joinText(props['children'] as VsynthNode, kind, via, source, ctx);
  } else if (props['children'] !== undefined && props['children'] !== null) {
    report(ctx, `<${kind}> takes no children`, via, source);
  }
  out.push(resolved);
}

/** Calls a function component (awaiting it when async) and resolves what it rendered; a throw is an issue. */
async function renderComponent(
  element: VsynthElement,
  props: Record<string, unknown>,
  at: string,
  via: string | undefined,
  ctx: Context,
  out: ResolvedElement[],
): Promise<void> {
  const name = componentName(element.type);
  const source = locate(element, name, ctx);
  if (typeof element.type !== 'function') {
    report(ctx, `unknown element type ${describe(element.type)}`, via, source);
    return;
  }
  const here =
    source === undefined ? `<${name}>` : `<${name}> at ${source.fileName}:${source.lineNumber}:${source.columnNumber}`;
  let rendered: VsynthNode;
  try {
    const result = element.type(props);
    rendered = result instanceof Promise ? await result : result;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const site = throwSite(error, ctx.cwd);
    const thrownAt = site === undefined ? '' : ` (thrown at ${site.fileName}:${site.lineNumber}:${site.columnNumber})`;
    report(ctx, `<${name}> threw: ${reason}${thrownAt}`, via, source);
    return;
  }
  await resolveNode(rendered, at, via ?? here, source, ctx, out);
}

function joinText(
  node: VsynthNode,
  kind: BuiltinKind,
  via: string | undefined,
  source: SourceLocation | undefined,
  ctx: Context,
): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    return (node as readonly VsynthNode[]).map((n) => joinText(n, kind, via, source, ctx)).join('');
  }
  report(ctx, `<${kind}> children must be text, got ${describe(node)}`, via, source);
  return '';
}

/** The element's source with the file as messages show it; `name` undefined for fragments. */
function locate(element: VsynthElement, name: string | undefined, ctx: Context): SourceLocation | undefined {
  const s = element.source;
  if (s === undefined) return undefined;
  let fileName = ctx.files.get(s.fileName);
  if (fileName === undefined) ctx.files.set(s.fileName, (fileName = displayPath(s.fileName, ctx.cwd)));
  const at = { fileName, lineNumber: s.lineNumber, columnNumber: s.columnNumber };
  return name === undefined ? at : { ...at, element: name };
}

function componentName(type: unknown): string {
  if (typeof type !== 'function') return String(type);
  const named = type as { displayName?: unknown; name?: unknown };
  if (typeof named.displayName === 'string') return named.displayName;
  // `export default () => …` and `export default function () {…}` are named "default".
  if (named.name === 'default') return 'default export';
  return typeof named.name === 'string' && named.name !== '' ? named.name : 'Anonymous';
}

function describe(value: unknown): string {
  if (isElement(value)) return `<${builtinKind(value.type) ?? componentName(value.type)}>`;
  if (typeof value === 'function') return `function ${componentName(value)}`;
  if (typeof value === 'symbol') return value.toString();
  if (typeof value !== 'object' || value === null) return typeof value;
  if (isElement((value as { default?: unknown }).default)) {
    return 'a module namespace; pass its default export (`mod.default`), the element';
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // A cycle or a BigInt inside: the kind is all there is to say.
  }
  if (text === undefined) return 'an object';
  return text.length > MAX_DESCRIBED ? `${text.slice(0, MAX_DESCRIBED)}…` : text;
}

/** Characters of an unexpected value quoted in a message; a whole module's JSON helps nobody. */
const MAX_DESCRIBED = 60;
