import { createElement, type VsynthElement } from '../element.js';

/** Brand on built-in component functions; `Symbol.for` so copies loaded twice (tsx namespaces) agree. */
export const BUILTIN_BRAND: unique symbol = Symbol.for('vsynth.builtin') as never;

/** The built-in components the compiler understands. */
export type BuiltinKind =
  | 'Video'
  | 'Scene'
  | 'Background'
  | 'Avatar'
  | 'Text'
  | 'Image'
  | 'Shape'
  | 'VideoClip'
  | 'Audio';

/** A built-in component: calling it yields an element of itself, the compiler reads its kind. */
export interface BuiltinComponent<P> {
  (props: P): VsynthElement<P>;
  readonly [BUILTIN_BRAND]: BuiltinKind;
  readonly displayName: BuiltinKind;
}

/** Makes a built-in component of the given kind. */
export function defineBuiltin<P>(kind: BuiltinKind): BuiltinComponent<P> {
  const component = (props: P): VsynthElement<P> =>
    createElement(component as BuiltinComponent<P>, props, undefined, undefined);
  Object.defineProperty(component, BUILTIN_BRAND, { value: kind });
  Object.defineProperty(component, 'displayName', { value: kind });
  return component as BuiltinComponent<P>;
}

/**
 * The kind of a built-in component, or `undefined` for user components.
 *
 * @example builtinKind(Text) // 'Text'
 */
export function builtinKind(type: unknown): BuiltinKind | undefined {
  if (typeof type !== 'function') return undefined;
  return (type as { [BUILTIN_BRAND]?: BuiltinKind })[BUILTIN_BRAND];
}
