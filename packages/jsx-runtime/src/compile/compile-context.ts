import { issue, type Issue, type PathSegment, type SourceLocation } from '@vsynth/core';
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
 * Collects the issues of one compile, each with the element's JSX source and payload path, and
 * remembers which element produced which payload path so schema issues can be located too.
 *
 * @example
 * const ctx = new CompileContext();
 * ctx.error(avatar, '<Avatar> needs "clothes"', ['scenes', 0, 'AIModel']);
 * ctx.bind(['scenes', 0, 'clips', 2], text); // later: ctx.locate(issueFromCore)
 */
export class CompileContext {
  readonly issues: Issue[] = [];
  /**
   * Every bind in order, three slots each, no object per bind: `path, element, written` for
   * {@link bind}, `scene, clips, undefined` for {@link bindClips}. Indexed by path only when an
   * issue from core must be located.
   */
  private readonly bindings: (readonly PathSegment[] | ResolvedElement | number | readonly ClipOrigin[] | undefined)[] = [];
  private sources: Map<string, Binding> | undefined;

  /**
   * Records that `element` produced the payload value at `path`; `written` is where compile
   * errors place it (document order) when that differs from its place in the payload.
   */
  bind(path: readonly PathSegment[], element: ResolvedElement, written?: readonly PathSegment[]): void {
    this.bindings.push(path, element, written);
    this.sources = undefined;
  }

  /**
   * {@link bind} of `scenes[scene].clips[c]` to `clips[c].element`, written at `clips[c].path`,
   * for every `c`, in one record (expanded only when an issue must be located). `clips` must
   * not change afterwards.
   */
  bindClips(scene: number, clips: readonly ClipOrigin[]): void {
    this.bindings.push(scene, clips, undefined);
    this.sources = undefined;
  }

  error(element: ResolvedElement | undefined, message: string, path: readonly PathSegment[]): void {
    this.push('error', element, message, path);
  }

  warn(element: ResolvedElement | undefined, message: string, path: readonly PathSegment[]): void {
    this.push('warning', element, message, path);
  }

  /**
   * Locates an issue from core's validation through the longest bound path prefix. `asWritten`
   * (a partial payload after compile errors) rewrites that prefix to the written path, so the
   * issue agrees with the compile errors beside it.
   */
  locate(found: Issue, asWritten = false): Issue {
    if (this.sources === undefined) {
      // A later bind of the same path wins, as it would in a map filled by each bind.
      this.sources = new Map();
      const b = this.bindings;
      for (let k = 0; k < b.length; k += 3) {
        if (typeof b[k] !== 'number') {
          const path = b[k] as readonly PathSegment[];
          const element = b[k + 1] as ResolvedElement;
          this.sources.set(path.join('\u0000'), { path, source: element.source, via: element.via, written: b[k + 2] as readonly PathSegment[] | undefined });
          continue;
        }
        const scene = b[k] as number;
        (b[k + 1] as readonly ClipOrigin[]).forEach(({ element, path }, c) => {
          this.sources!.set(['scenes', scene, 'clips', c].join('\u0000'), { path: ['scenes', scene, 'clips', c], source: element.source, via: element.via, written: path });
        });
      }
    }
    for (let n = found.path.length; n >= 1; n--) {
      const bound = this.sources.get(found.path.slice(0, n).join('\u0000'));
      if (bound === undefined) continue;
      const message = bound.via === undefined ? found.message : `${found.message} (in ${bound.via})`;
      const path = asWritten && bound.written !== undefined ? [...bound.written, ...found.path.slice(n)] : found.path;
      return { ...found, message, path, ...(bound.source && { source: bound.source }) };
    }
    return found;
  }

  get hasErrors(): boolean {
    for (const i of this.issues) if (i.severity === 'error') return true;
    return false;
  }

  private push(severity: Issue['severity'], element: ResolvedElement | undefined, message: string, path: readonly PathSegment[]): void {
    const via = element?.via === undefined ? '' : ` (in ${element.via})`;
    const source = element?.source;
    this.issues.push(issue({ code: 'jsx', severity, message: `${message}${via}`, path, ...(source && { source }) }));
  }
}
