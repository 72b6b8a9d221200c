import { ANIMATION_TYPES, ORIENTATIONS, SHAPE_NAMES, TEXT_ALIGNS } from '@vsynth/core';
import type { AudioProps } from './audio.js';
import type { AvatarProps } from './avatar.js';
import type { BackgroundProps } from './background.js';
import type { BuiltinKind } from './builtin.js';
import type { AnimationProps, ShadowProps } from './clip-props.js';
import type { ImageProps } from './image.js';
import type { SceneProps } from './scene.js';
import type { ShapeProps } from './shape.js';
import type { TextProps } from './text.js';
import type { VideoClipProps } from './video-clip.js';
import type { VideoProps } from './video.js';

/**
 * What a prop accepts, checked at compile time for code that was not type-checked: a JavaScript
 * type, a colour (core's one grammar), one of a set of strings (optionally or a number), an object
 * with known fields, or `any` (checked where it is used, e.g. `model`, `children`).
 */
export type PropRule =
  | 'string'
  | 'number'
  | 'boolean'
  | 'any'
  | 'colour'
  | { readonly oneOf: readonly string[]; readonly orNumber?: boolean }
  | { readonly fields: Readonly<Record<string, PropRule>>; readonly required?: readonly string[] };

/** Every key of every member of a union (`keyof` of a union keeps only the common ones). */
type KeysOf<T> = T extends unknown ? keyof T : never;

/** One rule per prop of `P`: the compiler refuses a rules table that misses or adds a prop. */
type RulesOf<P> = { readonly [K in KeysOf<P>]-?: PropRule };

const SHADOW: PropRule = {
  fields: {
    color: 'colour',
    blur: 'number',
    offsetX: 'number',
    offsetY: 'number',
    enabled: 'boolean',
  } satisfies RulesOf<ShadowProps>,
};
const ANIMATION: PropRule = {
  fields: { type: { oneOf: ANIMATION_TYPES }, duration: 'number', delay: 'number' } satisfies RulesOf<AnimationProps>,
  required: ['type'],
};
const TAG: PropRule = { oneOf: ['title', 'subtitles'] };

const CLIP = {
  layer: 'number',
  angle: 'number',
  opacity: 'number',
  tag: TAG,
  slot: 'string',
  id: 'string',
  raw: 'any',
  left: 'number',
  top: 'number',
  width: 'number',
  height: 'number',
  scaleX: 'number',
  scaleY: 'number',
  x: 'number',
  y: 'number',
  scale: 'number',
} as const;

const AVATAR: RulesOf<AvatarProps> = {
  model: 'any',
  clothes: 'string',
  language: 'string',
  tts: 'any',
  headOnly: 'boolean',
  voiceOnly: 'boolean',
  script: 'string',
  markup: 'boolean',
  ...CLIP,
  children: 'any',
};

const TEXT: RulesOf<TextProps> = {
  fontSize: 'number',
  fontFamily: 'string',
  fill: 'colour',
  align: { oneOf: TEXT_ALIGNS },
  fontWeight: { oneOf: ['normal', 'bold'], orNumber: true },
  fontStyle: { oneOf: ['normal', 'italic', 'oblique'] },
  underline: 'boolean',
  stroke: 'colour',
  strokeWidth: 'number',
  backgroundColor: 'colour',
  shadow: SHADOW,
  animation: ANIMATION,
  ...CLIP,
  children: 'any',
};

const IMAGE: RulesOf<ImageProps> = {
  src: 'string',
  naturalWidth: 'number',
  naturalHeight: 'number',
  animation: ANIMATION,
  ...CLIP,
  children: 'any',
};

const SHAPE: RulesOf<ShapeProps> = {
  shape: { oneOf: SHAPE_NAMES },
  fill: 'colour',
  stroke: 'colour',
  strokeWidth: 'number',
  strokeRadius: 'number',
  naturalWidth: 'number',
  naturalHeight: 'number',
  shadow: SHADOW,
  animation: ANIMATION,
  ...CLIP,
  children: 'any',
};

const VIDEO_CLIP: RulesOf<VideoClipProps> = {
  src: 'string',
  poster: 'string',
  volume: 'number',
  naturalWidth: 'number',
  naturalHeight: 'number',
  ...CLIP,
  children: 'any',
};

const AUDIO: RulesOf<AudioProps> = {
  src: 'string',
  volume: 'number',
  label: 'string',
  layer: 'number',
  tag: TAG,
  id: 'string',
  raw: 'any',
  children: 'any',
};

const VIDEO: RulesOf<VideoProps> = {
  name: 'string',
  orientation: { oneOf: ORIENTATIONS },
  webhookUrl: 'string',
  isExport: 'boolean',
  dictionary: 'any',
  raw: 'any',
  children: 'any',
};

const SCENE: RulesOf<SceneProps> = { background: 'string', watermark: 'boolean', raw: 'any', children: 'any' };

const BACKGROUND: RulesOf<BackgroundProps> = { color: 'colour', src: 'string', raw: 'any', children: 'any' };

/** The props each built-in component takes and what each accepts; `RulesOf` keeps it equal to the prop types. */
export const PROP_RULES: Readonly<Record<BuiltinKind, Readonly<Record<string, PropRule>>>> = {
  Video: VIDEO,
  Scene: SCENE,
  Background: BACKGROUND,
  Avatar: AVATAR,
  Text: TEXT,
  Image: IMAGE,
  Shape: SHAPE,
  VideoClip: VIDEO_CLIP,
  Audio: AUDIO,
};
