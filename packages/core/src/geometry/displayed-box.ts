import type { PathSegment } from '../errors/issue.js';
import { avatarEditorScale, type AvatarModelLike } from './avatar-model.js';
import { readNumber } from './read-number.js';
import type { V3BoxInput } from './types.js';

/** A clip's box as drawn on the canvas, in pixels. */
export interface DisplayedBox {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** A v3 clip as far as its displayed box goes; any `Clip` of the schemas fits. */
export interface DisplayedBoxClip extends V3BoxInput {
  readonly type?: string;
  readonly model?: AvatarModelLike | null | undefined;
}

export interface DisplayedBoxOptions {
  /** Payload path of the clip, for error messages, e.g. `['scenes', 0, 'clips', 2]`. */
  readonly path?: readonly PathSegment[];
}

/**
 * The box a v3 clip occupies on the canvas: `width*scaleX` by `height*scaleY` at (`left`, `top`),
 * an aiModel clip's size further multiplied by `model.editor.scale`.
 */
export function displayedBox(clip: DisplayedBoxClip, options: DisplayedBoxOptions = {}): DisplayedBox {
  const path = options.path ?? [];
  const left = readNumber(clip.left, { path, field: 'left' });
  const top = readNumber(clip.top, { path, field: 'top' });
  const width = readNumber(clip.width, { path, field: 'width' });
  const height = readNumber(clip.height, { path, field: 'height' });
  const scaleX = readNumber(clip.scaleX, { path, field: 'scaleX', fallback: 1 });
  const scaleY = readNumber(clip.scaleY, { path, field: 'scaleY', fallback: 1 });
  const editor = clip.type === 'aiModel' ? avatarEditorScale(clip.model, { path, field: 'model' }) : 1;
  return { left, top, width: width * scaleX * editor, height: height * scaleY * editor };
}
