import { issue, type Issue, type SourceLocation } from '@vsynth/core';
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
  /** The last source file name met and its `displayPath` (most elements come from few files). */
  lastFile: string | undefined;
  lastShown: string;
  /** `displayPath` of the other source file names met, made when a second file is met. */
  files: Map<string, string> | undefined;
}

/** The children of every element that holds none (all but Video and Scene): one shared, frozen list. */
const NO_CHILDREN: readonly ResolvedElement[] = Object.freeze([]);

/**
 * Calls every function component (awaiting async ones), flattens fragments and arrays, skips
 * `null`/`false`/`undefined`, and returns the built-in elements with source locations. Unknown
 * props and values outside a prop's set are reported with codes other than `jsx` (see checkProps).
 *
 * A promise only when a component returned one.
 *
 * @example const [video] = await resolveTree(<Video>…</Video>, issues)
 */
export function resolveTree(node: VsynthNode, issues: Issue[], cwd = process.cwd()): ResolvedElement[] | Promise<ResolvedElement[]> {
  const out: ResolvedElement[] = [];
  const pending = resolveNode(node, '', undefined, undefined, { issues, cwd, lastFile: undefined, lastShown: '', files: undefined }, out);
  return pending === undefined ? out : pending.then(() => out);
}

/** Synchronous until a component returns a promise, so plain trees pay no await per node. */
type Maybe = void | Promise<void>;

/**
 * Appends the built-in elements `node` resolves to onto `out`, in document order.
 * `parent` locates problems of text and non-element children: the element that holds them.
 */
function resolveNode(node: VsynthNode, at: string, via: string | undefined, parent: Site, ctx: Context, out: ResolvedElement[]): Maybe {
  if (node === null || node === undefined || typeof node === 'boolean') return;
  if (Array.isArray(node)) return resolveList(node as readonly VsynthNode[], at, via, parent, ctx, 0, out);
  if (typeof node === 'string' || typeof node === 'number') {
    if (typeof node === 'string' && node.trim() === '') return;
    const message = `text ${JSON.stringify(String(node).trim())} outside <Text> or <Avatar>; wrap it in <Text>`;
    const source = sourceOf(parent);
    ctx.issues.push(issue({ code: 'jsx', message: withVia(message, via), path: [], ...(source && { source }) }));
    return;
  }
  if (!isElement(node)) {
    const source = sourceOf(parent);
    ctx.issues.push(issue({ code: 'jsx', message: withVia(`expected an element, got ${describe(node)}`, via), path: [], ...(source && { source }) }));
    return;
  }
  return resolveElement(node, at, via, ctx, out);
}

function withVia(message: string, via: string | undefined): string {
  return via === undefined ? message : `${message} (in ${via})`;
}

/** Resolves children in order; after an async child the rest continue after it, so issues keep document order. */
function resolveList(
  nodes: readonly VsynthNode[],
  at: string,
  via: string | undefined,
  parent: Site,
  ctx: Context,
  from: number,
  out: ResolvedElement[],
): Maybe {
  for (let i = from; i < nodes.length; i++) {
    const child = nodes[i];
    const key = isElement(child) && child.key !== undefined ? `k:${child.key}` : String(i);
    const pending = resolveNode(child, at === '' ? key : `${at}/${key}`, via, parent, ctx, out);
    if (pending !== undefined) return pending.then(() => resolveList(nodes, at, via, parent, ctx, i + 1, out));
  }
}

function resolveElement(element: VsynthElement, at: string, via: string | undefined, ctx: Context, out: ResolvedElement[]): Maybe {
  const props = element.props as Record<string, unknown>;
  if (element.type === FRAGMENT) return resolveNode(props['children'] as VsynthNode, at, via, new LazySite(element, undefined, ctx), ctx, out);
  const kind = builtinKind(element.type);
  if (kind === undefined) return renderComponent(element, props, at, via, ctx, out);
  const problems = checkProps(kind, props);
  const source = problems.length > 0 ? locate(element, kind, ctx) : undefined;
  for (let i = 0; i < problems.length; i++) {
    const problem = problems[i]!;
    ctx.issues.push(issue({ code: problem.code, message: withVia(problem.message, via), path: [], ...(source && { source }) }));
  }
  if (kind === 'Video' || kind === 'Scene') {
    const children: ResolvedElement[] = [];
    const resolved = new Resolved(element, kind, ctx, via, at, children, '');
    // Pushed before its children resolve: `out` keeps document order when they are async.
    out.push(resolved);
    return resolveNode(props['children'] as VsynthNode, at, undefined, resolved, ctx, children);
  }
  let text = '';
  if (kind === 'Text' || kind === 'Avatar') text = joinText(props['children'] as VsynthNode, kind, element, via, ctx);
  else if (props['children'] !== undefined && props['children'] !== null) {
    const source = locate(element, kind, ctx);
    ctx.issues.push(issue({ code: 'jsx', message: withVia(`<${kind}> takes no children`, via), path: [], ...(source && { source }) }));
  }
  out.push(new Resolved(element, kind, ctx, via, at, NO_CHILDREN, text));
}

/**
 * Where an element was written, its file as messages show it, worked out when first asked
 * (only problems and core's issues ask): no location object or file lookup per element otherwise.
 */
class LazySite {
  private located: SourceLocation | undefined | null = null;

  constructor(
    private readonly jsx: VsynthElement,
    private readonly name: string | undefined,
    private readonly ctx: Context,
  ) {}

  get source(): SourceLocation | undefined {
    if (this.located === null) this.located = locate(this.jsx, this.name, this.ctx);
    return this.located;
  }
}

/** A resolved built-in element; its `source` is located when first read. */
class Resolved extends LazySite implements ResolvedElement {
  constructor(
    jsx: VsynthElement,
    readonly kind: BuiltinKind,
    ctx: Context,
    readonly via: string | undefined,
    readonly path: string,
    readonly children: readonly ResolvedElement[],
    readonly text: string,
  ) {
    super(jsx, kind, ctx);
    this.props = jsx.props as Readonly<Record<string, unknown>>;
  }

  readonly props: Readonly<Record<string, unknown>>;
}

/** Where problems of non-element children are placed: the element holding them. */
type Site = SourceLocation | LazySite | undefined;

function sourceOf(site: Site): SourceLocation | undefined {
  return site instanceof LazySite ? site.source : site;
}

/** Calls a function component (awaiting it when async) and resolves what it rendered; a throw is an issue. */
function renderComponent(element: VsynthElement, props: Record<string, unknown>, at: string, via: string | undefined, ctx: Context, out: ResolvedElement[]): Maybe {
  const name = componentName(element.type);
  const source = locate(element, name, ctx);
  if (typeof element.type !== 'function') {
    ctx.issues.push(issue({ code: 'jsx', message: withVia(`unknown element type ${describe(element.type)}`, via), path: [], ...(source && { source }) }));
    return;
  }
  const here = source === undefined ? `<${name}>` : `<${name}> at ${source.fileName}:${source.lineNumber}:${source.columnNumber}`;
  let rendered: VsynthNode | Promise<VsynthNode>;
  try {
    rendered = element.type(props);
  } catch (error) {
    return reportThrow(error, name, source, via, ctx);
  }
  if (rendered instanceof Promise) {
    return rendered.then(
      (r) => resolveNode(r, at, via ?? here, source, ctx, out),
      (error: unknown) => reportThrow(error, name, source, via, ctx),
    );
  }
  return resolveNode(rendered, at, via ?? here, source, ctx, out);
}

function reportThrow(error: unknown, name: string, source: SourceLocation | undefined, via: string | undefined, ctx: Context): void {
  const reason = error instanceof Error ? error.message : String(error);
  const site = throwSite(error, ctx.cwd);
  const thrownAt = site === undefined ? '' : ` (thrown at ${site.fileName}:${site.lineNumber}:${site.columnNumber})`;
  ctx.issues.push(issue({ code: 'jsx', message: withVia(`<${name}> threw: ${reason}${thrownAt}`, via), path: [], ...(source && { source }) }));
}

function joinText(node: VsynthNode, kind: BuiltinKind, element: VsynthElement, via: string | undefined, ctx: Context): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string') return node;
  if (typeof node === 'number') return String(node);
  if (Array.isArray(node)) {
    let text = '';
    for (const n of node as readonly VsynthNode[]) text += joinText(n, kind, element, via, ctx);
    return text;
  }
  const source = locate(element, kind, ctx);
  ctx.issues.push(issue({ code: 'jsx', message: withVia(`<${kind}> children must be text, got ${describe(node)}`, via), path: [], ...(source && { source }) }));
  return '';
}

/** The element's source with the file as messages show it; `name` undefined for fragments. */
function locate(element: VsynthElement, name: string | undefined, ctx: Context): SourceLocation | undefined {
  const s = element.source;
  if (s === undefined) return undefined;
  let fileName: string | undefined;
  if (s.fileName === ctx.lastFile) fileName = ctx.lastShown;
  else {
    fileName = ctx.files?.get(s.fileName);
    if (fileName === undefined) {
      fileName = displayPath(s.fileName, ctx.cwd);
      if (ctx.lastFile !== undefined) (ctx.files ??= new Map([[ctx.lastFile, ctx.lastShown]])).set(s.fileName, fileName);
    }
    ctx.lastFile = s.fileName;
    ctx.lastShown = fileName;
  }
  return name === undefined
    ? { fileName, lineNumber: s.lineNumber, columnNumber: s.columnNumber }
    : { fileName, lineNumber: s.lineNumber, columnNumber: s.columnNumber, element: name };
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
  return typeof value === 'object' ? JSON.stringify(value) ?? typeof value : typeof value;
}
