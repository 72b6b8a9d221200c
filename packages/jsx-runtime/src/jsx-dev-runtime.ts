/**
 * The automatic JSX runtime, development form: `jsxDEV` records where each element was written
 * so compile errors can point at `file:line:col <Avatar>`. `jsx-runtime.ts` re-exports this.
 */
import { createElement, FRAGMENT, type FunctionComponent, type JsxSource, type VsynthElement } from './element.js';

export type { JSX } from './jsx-namespace.js';

/**
 * The fragment component `<>…</>`; its children flatten into the parent.
 *
 * @example <><Text>a</Text><Text>b</Text></>
 */
export const Fragment = FRAGMENT;

/** Creates an element; called by code compiled with `jsx: react-jsx` or `react-jsxdev` for this package. */
export function jsxDEV(
  type: FunctionComponent | typeof FRAGMENT,
  props: Record<string, unknown>,
  key?: string | number | null,
  _isStaticChildren?: boolean,
  source?: JsxSource,
): VsynthElement {
  return createElement(type, props, key, source === undefined ? undefined : normaliseSource(source));
}

function normaliseSource(source: JsxSource): JsxSource | undefined {
  if (typeof source.fileName !== 'string' || typeof source.lineNumber !== 'number') return undefined;
  return { fileName: source.fileName, lineNumber: source.lineNumber, columnNumber: source.columnNumber ?? 0 };
}
