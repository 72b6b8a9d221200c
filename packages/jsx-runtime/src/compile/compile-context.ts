import { issue, omitUndefined, type Issue, type PathSegment, type SourceLocation } from '@vsynth/core';
import type { ResolvedElement } from './resolve-tree.js';

interface Binding {
  readonly path: readonly PathSegment[];
  readonly source: SourceLocation | undefined;
  readonly via: string | undefined;
  readonly written: readonly PathSegment[] | undefined;
}

/** A clip's element and its path as written, see {@link CompileContext.bindClips}. */
export interface ClipOrigin {
  readonly element: ResolvedElement;
  readonly path: readonly PathSegment[];
}

/**
 * Collects the issues of one compile, each with the element's JSX source and payload path, and remembers
 * which element produced which payload path so core's schema issues can be located too.
 */
export class CompileContext {
  readonly issues: Issue[] = [];
  private readonly bindings: Binding[] = [];
  private sources: Map<string, Binding> | undefined;

  /**
   * Records that `element` produced the payload value at `path`; `written` is where compile errors place
   * it (document order) when that differs from its place in the payload.
   */
  bind(path: readonly PathSegment[], element: ResolvedElement, written?: readonly PathSegment[]): void {
    this.bindings.push({ path, source: element.source, via: element.via, written });
    this.sources = undefined;
  }

  /** {@link bind} of `scenes[scene].clips[c]` to `clips[c].element`, written at `clips[c].path`. */
  bindClips(scene: number, clips: readonly ClipOrigin[]): void {
    for (const [c, { element, path }] of clips.entries()) this.bind(['scenes', scene, 'clips', c], element, path);
  }

  error(element: ResolvedElement | undefined, message: string, path: readonly PathSegment[]): void {
    this.push('error', element, message, path);
  }

  warn(element: ResolvedElement | undefined, message: string, path: readonly PathSegment[]): void {
    this.push('warning', element, message, path);
  }

  /**
   * Locates an issue from core's validation through the longest bound path prefix. `asWritten` (a partial
   * payload after compile errors) rewrites that prefix to the written path, so the issue agrees with the
   * compile errors beside it.
   */
  locate(found: Issue, asWritten = false): Issue {
    // A later bind of the same path wins.
    this.sources ??= new Map(this.bindings.map((binding) => [binding.path.join('\u0000'), binding]));
    for (let n = found.path.length; n >= 1; n--) {
      const bound = this.sources.get(found.path.slice(0, n).join('\u0000'));
      if (bound === undefined) continue;
      const message = bound.via === undefined ? found.message : `${found.message} (in ${bound.via})`;
      const path = asWritten && bound.written !== undefined ? [...bound.written, ...found.path.slice(n)] : found.path;
      return { ...found, message, path, ...omitUndefined({ source: bound.source }) };
    }
    return found;
  }

  get hasErrors(): boolean {
    return this.issues.some((i) => i.severity === 'error');
  }

  private push(
    severity: Issue['severity'],
    element: ResolvedElement | undefined,
    message: string,
    path: readonly PathSegment[],
  ): void {
    const via = element?.via === undefined ? '' : ` (in ${element.via})`;
    const source = element?.source;
    this.issues.push(issue({ code: 'jsx', severity, message: `${message}${via}`, path, ...omitUndefined({ source }) }));
  }
}
