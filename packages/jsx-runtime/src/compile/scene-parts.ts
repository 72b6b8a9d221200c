import { COLOUR_FORMS } from '@vsynth/core';
import type { CompileContext } from './compile-context.js';
import { parseBackground, type BackgroundValue } from './parse-background.js';
import type { ResolvedElement } from './resolve-tree.js';

/** A scene split into its background and its clip elements, in document order. */
export interface SceneParts {
  readonly background: BackgroundValue | undefined;
  readonly backgroundElement: ResolvedElement | undefined;
  readonly clips: readonly ResolvedElement[];
}

/**
 * Splits a `<Scene>`: at most one background (`background` prop or one `<Background>` child), clip elements
 * kept in order; nested `<Video>`/`<Scene>` are errors.
 */
export function sceneParts(scene: ResolvedElement, index: number, ctx: CompileContext): SceneParts {
  let background: BackgroundValue | undefined;
  let backgroundElement: ResolvedElement | undefined;
  const prop = scene.props['background'];
  if (typeof prop === 'string') {
    background = parseBackground(prop);
    backgroundElement = scene;
    if (background === undefined) {
      const message = `<Scene> background ${JSON.stringify(prop)} is neither a colour (${COLOUR_FORMS}) nor an image URL`;
      ctx.error(scene, message, backgroundPath(index));
    } else if (background.kind === 'colour' && !background.opaque) {
      ctx.error(scene, translucent('<Scene> background', prop), backgroundPath(index));
      background = undefined;
    }
  }
  const clips: ResolvedElement[] = [];
  for (const child of scene.children) {
    // Every kind but these three is a clip (Avatar, Text, Image, Shape, VideoClip, Audio).
    if (child.kind !== 'Background' && child.kind !== 'Video' && child.kind !== 'Scene') {
      clips.push(child);
      continue;
    }
    if (child.kind !== 'Background') {
      const message = `<${child.kind}> cannot be inside <Scene>; a <Scene> holds clips and one <Background>`;
      ctx.error(child, message, ['scenes', index]);
      continue;
    }
    if (backgroundElement !== undefined) {
      const message = '<Scene> has more than one background; keep one <Background> or the background prop';
      ctx.error(child, message, backgroundPath(index));
      continue;
    }
    backgroundElement = child;
    const color = child.props['color'] as string | undefined;
    const src = child.props['src'] as string | undefined;
    if ((color === undefined) === (src === undefined)) {
      ctx.error(child, '<Background> needs exactly one of color or src', backgroundPath(index));
    } else if (color !== undefined) {
      background = parseBackground(color);
      if (background?.kind !== 'colour') {
        const message = `<Background> color ${JSON.stringify(color)} is not a colour: use ${COLOUR_FORMS}`;
        ctx.error(child, message, backgroundPath(index));
        background = undefined;
      } else if (!background.opaque) {
        ctx.error(child, translucent('<Background> color', color), backgroundPath(index));
        background = undefined;
      }
    } else if (src !== undefined) {
      background = { kind: 'image', url: src };
    }
  }
  return { background, backgroundElement, clips };
}

/** `source_color` is `rgb(r,g,b)`: a background has no alpha, and nothing lies behind it to show through. */
function translucent(what: string, value: string): string {
  return `${what} ${JSON.stringify(value)} is translucent; a background is opaque: use rgb(r,g,b), #rgb or #rrggbb`;
}

function backgroundPath(index: number): (string | number)[] {
  return ['scenes', index, 'background'];
}
