import { issue, type PathSegment } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { avatarEditorScale, avatarTightSize, type AvatarModelLike } from './avatar-model.js';
import { requireFiniteBox } from './require-finite-box.js';
import { resolveLegacyPlacement } from './resolve-legacy-placement.js';
import { readNumber } from './read-number.js';
import { resolveCanvas, type CanvasOptions } from './resolve-canvas.js';
import type { LegacyPlacement, V3Box } from './types.js';

export interface LegacyAvatarToV3Options extends CanvasOptions {
  /** The avatar's `model` object: its tight size and its display multiplier `editor.scale`. */
  readonly model?: AvatarModelLike | null | undefined;
  /** Tight width in pixels; with `tightHeight`, wins over the model's. */
  readonly tightWidth?: number | undefined;
  /** Tight height in pixels; with `tightWidth`, wins over the model's. */
  readonly tightHeight?: number | undefined;
  /** Payload path of the legacy `AIModel`, for error messages. */
  readonly path?: readonly PathSegment[];
}

/**
 * Places a legacy `AIModel` on the v3 canvas: `width`/`height` are the model's tight size, `scaleX = scaleY = s`,
 * and the legacy midpoint stays the midpoint of the displayed box (`tight * s * model.editor.scale`).
 */
export function legacyAvatarToV3(aiModel: LegacyPlacement, options: LegacyAvatarToV3Options = {}): V3Box {
  const path = options.path ?? [];
  const canvas = resolveCanvas(options);
  const tight = tightSize(options, path);
  const editor = avatarEditorScale(options.model, { path, field: 'model' });
  const { cx, cy, scale } = resolveLegacyPlacement(aiModel, canvas, path);
  const shownW = tight.width * scale * editor;
  const shownH = tight.height * scale * editor;
  const { width, height } = tight;
  return requireFiniteBox(
    { left: cx - shownW / 2, top: cy - shownH / 2, width, height, scaleX: scale, scaleY: scale },
    path,
  );
}

function tightSize(options: LegacyAvatarToV3Options, path: readonly PathSegment[]): { width: number; height: number } {
  if (options.tightWidth !== undefined || options.tightHeight !== undefined) {
    return {
      width: readNumber(options.tightWidth, { path, field: 'tightWidth', rule: 'positive' }),
      height: readNumber(options.tightHeight, { path, field: 'tightHeight', rule: 'positive' }),
    };
  }
  const fromModel = avatarTightSize(options.model);
  if (fromModel !== undefined) return fromModel;
  throw new ValidationError(
    [
      issue({
        code: 'missing',
        path,
        message:
          'A legacy avatar needs its tight size to be placed: pass tightWidth and tightHeight, or a model ' +
          'whose editorValue has modelTightW and modelTightH above 0',
      }),
    ],
    { subject: 'legacy avatar' },
  );
}
