import type { Issue } from '@vsynth/core';
import type { CompileContext } from './compile-context.js';

const contexts = new WeakMap<object, CompileContext>();

/** Remembers which compile produced `result`, so that later findings on its payload can be located. */
export function rememberContext(result: object, ctx: CompileContext): void {
  contexts.set(result, ctx);
}

/**
 * Locates issues found later on a compiled payload (the preview's text overflow, a missing font) at the JSX
 * element that produced each payload path, as compile's own issues are (`promo.tsx:14:7 <Text>`). Issues
 * outside any element, or of a result `compile` did not return, come back as they were.
 *
 * @example const located = locateIssues(compiled, storyboard.warnings)
 */
export function locateIssues(result: object, found: readonly Issue[]): Issue[] {
  const ctx = contexts.get(result);
  return ctx === undefined ? [...found] : found.map((item) => ctx.locate(item));
}
