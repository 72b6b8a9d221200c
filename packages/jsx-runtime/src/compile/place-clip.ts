import {
  avatarTightSize,
  estimateTextBox,
  isValidationError,
  legacyAvatarToV3,
  legacyImageToV3,
  legacyTextToV3,
  v3AvatarToLegacy,
  v3ImageToLegacy,
  v3TextToLegacy,
  type AiModelObject,
  type CanvasSize,
  type PathSegment,
  type V3Box,
} from '@vsynth/core';
import type { CompileContext } from './compile-context.js';
import type { BoxProps } from '../components/clip-props.js';
import type { Placement } from './read-placement.js';
import type { ResolvedElement } from './resolve-tree.js';

/** Legacy text at scale 1 is 48 px. */
const LEGACY_TEXT_PX = 48;

/** A v3 box ready for a clip; `fontSize` for text. */
export interface PlacedBox extends V3Box {
  readonly fontSize?: number;
}

/** A legacy placement ready for a clip. */
export interface PlacedCentre {
  readonly locationX: number;
  readonly locationY: number;
  readonly scale: number;
}

/** What placing needs besides the element: canvas, where in the payload, and the sizes known. */
export interface PlaceInput {
  readonly element: ResolvedElement;
  readonly placement: Placement;
  readonly canvas: CanvasSize;
  readonly path: readonly PathSegment[];
  readonly ctx: CompileContext;
  /** Avatar: its model object (tight size, editor scale). */
  readonly model?: AiModelObject | undefined;
  /** Image, VideoClip, Shape: natural pixel size. */
  readonly natural?: { readonly width: number | undefined; readonly height: number | undefined };
  /** Text: the text and the `fontSize` prop. */
  readonly text?: { readonly text: string; readonly fontSize: number | undefined };
}

/**
 * The v3 box of a visual element: the box family passes through (missing sizes from the natural, tight or
 * estimated size), the centre family converts with core's legacy geometry. A problem is reported on `ctx`
 * and gives `undefined`.
 */
export function placeOnV3(input: PlaceInput): PlacedBox | undefined {
  try {
    return placeV3(input);
  } catch (error) {
    return reportGeometry(input, error);
  }
}

function placeV3(input: PlaceInput): PlacedBox | undefined {
  const { element, placement, canvas, path, ctx } = input;
  const kind = element.kind;
  if (kind === 'Text') {
    const text = input.text?.text ?? '';
    const fontSize = input.text?.fontSize;
    if (placement.family === 'box') {
      const size = fontSize ?? LEGACY_TEXT_PX;
      const est = estimateTextBox(text, size);
      return tidyBox({ ...fillKnown(placement.box, est.width, est.height), fontSize: size });
    }
    const scale = textScale(input, placement.family === 'centre' ? placement.scale : undefined);
    if (scale === undefined) return undefined;
    const location = { locationX: locationXOf(placement), locationY: locationYOf(placement) };
    return tidyBox(legacyTextToV3({ textSource: text, ...location, scale }, { canvas, path }));
  }
  if (kind === 'Avatar') {
    if (placement.family === 'box') {
      const tight = avatarTightSize(input.model);
      const box = fill(placement.box, tight?.width, tight?.height);
      if (box === undefined) {
        const message =
          "<Avatar> needs width and height (the model's tight size): give them, or a model object whose " +
          'editorValue has modelTightW and modelTightH';
        ctx.error(element, message, path);
        return undefined;
      }
      return tidyBox(box);
    }
    const centre = { locationX: locationXOf(placement), locationY: locationYOf(placement), scale: scaleOf(placement) };
    return tidyBox(legacyAvatarToV3(centre, { canvas, model: input.model, path }));
  }
  const natural = input.natural ?? { width: undefined, height: undefined };
  if (placement.family === 'box') {
    const box = fill(placement.box, natural.width, natural.height);
    if (box === undefined) {
      ctx.error(element, `<${kind}> needs width and height, or naturalWidth and naturalHeight`, path);
      return undefined;
    }
    return tidyBox(box);
  }
  if (natural.width === undefined || natural.height === undefined) {
    const message =
      `<${kind}> needs naturalWidth and naturalHeight to be placed by x/y/scale ` +
      '(probe the asset in an async component, or give left/top/width/height)';
    ctx.error(element, message, path);
    return undefined;
  }
  return tidyBox(
    legacyImageToV3(
      { locationX: locationXOf(placement), locationY: locationYOf(placement), scale: scaleOf(placement) },
      { canvas, naturalWidth: natural.width, naturalHeight: natural.height, path },
    ),
  );
}

/**
 * The legacy placement of a visual element: the centre family passes through, the box family converts with
 * core's v3 → legacy geometry.
 */
export function placeOnLegacy(input: PlaceInput): PlacedCentre | undefined {
  try {
    return placeLegacy(input);
  } catch (error) {
    return reportGeometry(input, error);
  }
}

function placeLegacy(input: PlaceInput): PlacedCentre | undefined {
  const { element, placement, canvas, path, ctx } = input;
  const kind = element.kind;
  if (placement.family !== 'box') {
    const scale =
      kind === 'Text'
        ? textScale(input, placement.family === 'centre' ? placement.scale : undefined)
        : scaleOf(placement);
    if (scale === undefined) return undefined;
    return tidyCentre(locationXOf(placement), locationYOf(placement), scale);
  }
  if (kind === 'Text') {
    const text = input.text?.text ?? '';
    const size = input.text?.fontSize ?? LEGACY_TEXT_PX;
    const est = estimateTextBox(text, size);
    const clip = { ...fillKnown(placement.box, est.width, est.height), text, fontSize: size };
    return tidyPlacement(v3TextToLegacy(clip, { canvas, path }));
  }
  if (kind === 'Avatar') {
    const tight = avatarTightSize(input.model);
    const box = fill(placement.box, tight?.width, tight?.height);
    if (box === undefined) {
      const message =
        '<Avatar> placed by left/top needs width and height or a model object with its tight size; ' +
        'or place it with x/y/scale';
      ctx.error(element, message, path);
      return undefined;
    }
    return tidyPlacement(v3AvatarToLegacy({ ...box, model: input.model }, { canvas, path }));
  }
  const natural = input.natural ?? { width: undefined, height: undefined };
  const box = fill(placement.box, natural.width, natural.height);
  if (box === undefined) {
    ctx.error(element, `<${kind}> needs width and height, or naturalWidth and naturalHeight`, path);
    return undefined;
  }
  return tidyPlacement(v3ImageToLegacy(box, { canvas, path }));
}

function textScale(input: PlaceInput, scale: number | undefined): number | undefined {
  const fontSize = input.text?.fontSize;
  if (scale !== undefined && fontSize !== undefined) {
    const message = '<Text> gives both scale and fontSize; give one (legacy scale 1 = 48 px)';
    input.ctx.error(input.element, message, input.path);
    return undefined;
  }
  return scale ?? (fontSize === undefined ? 1 : fontSize / LEGACY_TEXT_PX);
}

function locationXOf(placement: Placement): number {
  return placement.family === 'centre' ? placement.x : 0;
}

function locationYOf(placement: Placement): number {
  return placement.family === 'centre' ? placement.y : 0;
}

function scaleOf(placement: Placement): number {
  return placement.family === 'centre' ? (placement.scale ?? 1) : 1;
}

function fill(box: BoxProps, width: number | undefined, height: number | undefined) {
  const w = box.width ?? width;
  const h = box.height ?? height;
  if (w === undefined || h === undefined) return undefined;
  return fillKnown(box, w, h);
}

function fillKnown(box: BoxProps, width: number, height: number) {
  return {
    left: box.left ?? 0,
    top: box.top ?? 0,
    width: box.width ?? width,
    height: box.height ?? height,
    scaleX: box.scaleX ?? 1,
    scaleY: box.scaleY ?? 1,
  };
}

/** A ValidationError from core's geometry becomes issues located at the element; anything else is rethrown. */
function reportGeometry(input: PlaceInput, error: unknown): undefined {
  if (!isValidationError(error)) throw error;
  for (const found of error.issues) {
    input.ctx.error(input.element, `<${input.element.kind}>: ${found.message}`, input.path);
  }
  return undefined;
}

/** Rounds away float noise (1e-6 px / 1e-9 canvas units); the converters are exact otherwise. */
function tidy(value: number, factor: number): number {
  const r = Math.round(value * factor) / factor;
  return r === 0 ? 0 : r; // no -0
}

const PX = 1e6;
const UNIT = 1e9;

function tidyBox(box: PlacedBox): PlacedBox {
  return {
    ...box,
    left: tidy(box.left, PX),
    top: tidy(box.top, PX),
    width: tidy(box.width, PX),
    height: tidy(box.height, PX),
    scaleX: tidy(box.scaleX, UNIT),
    scaleY: tidy(box.scaleY, UNIT),
  };
}

function tidyPlacement(c: { locationX: number; locationY: number; scale: number }): PlacedCentre {
  return tidyCentre(c.locationX, c.locationY, c.scale);
}

function tidyCentre(locationX: number, locationY: number, scale: number): PlacedCentre {
  return { locationX: tidy(locationX, UNIT), locationY: tidy(locationY, UNIT), scale: tidy(scale, UNIT) };
}
