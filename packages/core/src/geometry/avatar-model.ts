import type { PathSegment } from '../errors/issue.js';
import { readNumber } from './read-number.js';

type MaybeNumber = number | null | undefined;

/** The parts of an aiModel clip's `model` object that geometry reads; any `AiModelObject` fits. */
export interface AvatarModelLike {
  readonly editor?: { readonly scale?: MaybeNumber } | null | undefined;
  readonly editorValue?: { readonly modelTightW?: MaybeNumber; readonly modelTightH?: MaybeNumber } | null | undefined;
}

/**
 * The avatar's tight size (the v3 clip's `width`/`height`) from `model.editorValue.modelTightW`/`modelTightH`;
 * undefined unless both are positive numbers.
 */
export function avatarTightSize(
  model: AvatarModelLike | null | undefined,
): { readonly width: number; readonly height: number } | undefined {
  const width = model?.editorValue?.modelTightW;
  const height = model?.editorValue?.modelTightH;
  if (typeof width !== 'number' || typeof height !== 'number') return undefined;
  if (!(Number.isFinite(width) && width > 0 && Number.isFinite(height) && height > 0)) return undefined;
  return { width, height };
}

/**
 * The multiplier `model.editor.scale` applies to an aiModel clip's displayed size, 1 when absent; anything
 * but a positive number is a ValidationError at the model's path (`path` then `field`, default `['model']`).
 *
 * @example avatarEditorScale(clip.model, { path: ['scenes', 0, 'clips', 2], field: 'model' })
 */
export function avatarEditorScale(
  model: AvatarModelLike | null | undefined,
  options: { readonly path?: readonly PathSegment[]; readonly field?: PathSegment } = {},
): number {
  const scale = model?.editor?.scale;
  if (scale === undefined || scale === null) return 1;
  const modelPath =
    options.field === undefined ? (options.path ?? ['model']) : [...(options.path ?? []), options.field];
  return readNumber(scale, { path: [...modelPath, 'editor', 'scale'], rule: 'positive' });
}
