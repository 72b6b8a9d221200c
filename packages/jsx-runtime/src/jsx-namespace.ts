import type { FunctionComponent, VsynthElement } from './element.js';

/**
 * The JSX namespace of `@vsynth/jsx-runtime`: only our components and function components are
 * valid tags (`<div>` does not type-check) and each component's props decide its children.
 */
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace JSX {
  /** What a TSX expression evaluates to. */
  type Element = VsynthElement;
  /** Built-in components and user function components (sync or async). */
  type ElementType = FunctionComponent;
  /** Empty: there are no intrinsic tags such as `<div>`. */
  type IntrinsicElements = Record<never, never>;
  /** `children` is a prop; each component types it. */
  interface ElementChildrenAttribute {
    children: unknown;
  }
  /** Attributes every element accepts. */
  interface IntrinsicAttributes {
    key?: string | number;
  }
}
