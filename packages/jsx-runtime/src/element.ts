/** The brand every vsynth element carries; `Symbol.for` so two installed copies agree. */
export const ELEMENT_BRAND: unique symbol = Symbol.for('vsynth.element') as never;

/** Where an element was written, as recorded by `jsxDEV` (absolute or as given by the compiler). */
export interface JsxSource {
  readonly fileName: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

/** A function component: props in, nodes out; may be async (e.g. to probe an image size). */
// biome-ignore lint/suspicious/noExplicitAny: as in React, a component type of unknown props accepts any props
export type FunctionComponent<P = any> = (props: P) => VsynthNode | Promise<VsynthNode>;

/** What a child may be: elements, text, numbers, nested arrays; `null`/`false`/`undefined`/`true` are skipped. */
export type VsynthNode = VsynthElement | string | number | boolean | null | undefined | readonly VsynthNode[];

/** Children of `<Video>` and `<Scene>`: elements (text belongs in `<Text>`) and arrays of them. */
export type ElementChildren = VsynthElement | boolean | null | undefined | readonly ElementChildren[];

/**
 * An element: inert, frozen data describing one component call. Built-in components are
 * recognised by the compiler; function components are called during `compile()`.
 */
// biome-ignore lint/suspicious/noExplicitAny: an element of unknown props, as React's ReactElement
export interface VsynthElement<P = any> {
  readonly $$typeof: typeof ELEMENT_BRAND;
  readonly type: FunctionComponent<P> | typeof FRAGMENT;
  readonly props: P;
  readonly key: string | undefined;
  readonly source: JsxSource | undefined;
}

/** The fragment marker (`<>…</>`); fragments flatten into their parent. */
export const FRAGMENT: unique symbol = Symbol.for('vsynth.fragment') as never;

/**
 * True when `value` is a vsynth element (also one made by another installed copy).
 *
 * @example isElement(<Scene />) // true
 */
export function isElement(value: unknown): value is VsynthElement {
  return typeof value === 'object' && value !== null && (value as { $$typeof?: unknown }).$$typeof === ELEMENT_BRAND;
}

/** Builds a frozen element. `jsxDEV` calls this; user code writes TSX instead. */
export function createElement<P>(
  type: FunctionComponent<P> | typeof FRAGMENT,
  props: P,
  key: string | number | undefined | null,
  source: JsxSource | undefined,
): VsynthElement<P> {
  return Object.freeze({
    $$typeof: ELEMENT_BRAND,
    type,
    props: Object.freeze(props),
    key: key === undefined || key === null ? undefined : String(key),
    source,
  });
}
