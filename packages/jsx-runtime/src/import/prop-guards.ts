import { ANIMATION_TYPES, ORIENTATIONS, SHAPE_NAMES, TEXT_ALIGNS } from '@vsynth/core';

type Guard = (value: unknown) => boolean;

const isNumber: Guard = (v) => typeof v === 'number' && Number.isFinite(v);
const isString: Guard = (v) => typeof v === 'string';
const isBoolean: Guard = (v) => typeof v === 'boolean';
const oneOf =
  (values: readonly unknown[]): Guard =>
  (v) =>
    values.includes(v);
const isRecord: Guard = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
/** An object literal whose fields all have the given types: TSX rejects any other field. */
const shaped =
  (fields: Record<string, Guard>, required: readonly string[] = []): Guard =>
  (v) =>
    isRecord(v) &&
    required.every((k) => (v as Record<string, unknown>)[k] !== undefined) &&
    Object.entries(v as Record<string, unknown>).every(([k, x]) => Object.hasOwn(fields, k) && (fields[k] as Guard)(x));

const SHADOW = shaped({ color: isString, blur: isNumber, offsetX: isNumber, offsetY: isNumber, enabled: isBoolean });
const ANIMATION = shaped({ type: oneOf(ANIMATION_TYPES), duration: isNumber, delay: isNumber }, ['type']);

/**
 * For each prop `vsynth import` writes, whether a payload value fits its declared TypeScript
 * type; a value that does not is carried in `raw` instead, so the imported TSX type-checks.
 *
 * @example PROP_GUARDS.fontStyle('italic') // true; PROP_GUARDS.fontStyle('slanted') // false
 */
export const PROP_GUARDS: Readonly<Record<string, Guard>> = {
  left: isNumber,
  top: isNumber,
  width: isNumber,
  height: isNumber,
  scaleX: isNumber,
  scaleY: isNumber,
  x: isNumber,
  y: isNumber,
  scale: isNumber,
  layer: isNumber,
  angle: isNumber,
  opacity: isNumber,
  tag: oneOf(['title', 'subtitles']),
  id: isString,
  src: isString,
  poster: isString,
  label: isString,
  volume: isNumber,
  fontSize: isNumber,
  fontFamily: isString,
  fill: isString,
  align: oneOf(TEXT_ALIGNS),
  fontWeight: (v) => v === 'normal' || v === 'bold' || isNumber(v),
  fontStyle: oneOf(['normal', 'italic', 'oblique']),
  underline: isBoolean,
  stroke: isString,
  strokeWidth: isNumber,
  strokeRadius: isNumber,
  backgroundColor: isString,
  shadow: SHADOW,
  animation: ANIMATION,
  shape: oneOf(SHAPE_NAMES),
  tts: isRecord,
  name: isString,
  orientation: oneOf(ORIENTATIONS),
  webhookUrl: isString,
  isExport: isBoolean,
  dictionary: isRecord,
  watermark: isBoolean,
  clothes: isString,
  language: isString,
  model: isString,
};

/** Copies `from[field]` to `props[prop]` when present and of the prop's type. */
export function setProp(
  props: Record<string, unknown>,
  prop: string,
  from: Record<string, unknown>,
  field: string = prop,
): void {
  const value = from[field];
  if (value === undefined) return;
  const guard = PROP_GUARDS[prop];
  if (guard === undefined || guard(value)) props[prop] = value;
}
