import type { PathSegment } from '@vsynth/core';
import type { CompileContext } from './compile-context.js';
import type { ResolvedElement } from './resolve-tree.js';

/** An avatar's speech: the `script` prop or its text children (not both), and its TTS data. */
export interface Speech {
  readonly text: string;
  readonly tts: Record<string, unknown> | undefined;
}

/** Reads the speech of an `<Avatar>`; giving both `script` and children is an error. */
export function speechOf(element: ResolvedElement, path: readonly PathSegment[], ctx: CompileContext): Speech {
  const script = element.props['script'] as string | undefined;
  if (script !== undefined && element.text !== '') {
    ctx.error(element, '<Avatar> has both a script prop and text children; give the speech once', path);
  }
  const tts = element.props['tts'] as Record<string, unknown> | undefined;
  return { text: script ?? element.text, tts };
}
