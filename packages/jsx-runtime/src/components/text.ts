import type { TEXT_ALIGNS } from '@vsynth/core';
import { defineBuiltin } from './builtin.js';
import type { AnimationProps, ClipProps, ShadowProps, TextChildren } from './clip-props.js';

/** Props of `<Text>` (a textImage clip): its own, the common clip props and one position family. */
export type TextProps = TextOwnProps & ClipProps;

export interface TextOwnProps {
  /** Font size in pixels (integer); legacy: `scale * 48`. */
  readonly fontSize?: number;
  /** Font family (service default `Noto Sans CJK`); legacy `font`. */
  readonly fontFamily?: string;
  /** Text colour. */
  readonly fill?: string;
  /** `left` (default), `center`, `right`. */
  readonly align?: (typeof TEXT_ALIGNS)[number];
  /** `bold`, `normal` or a numeric weight such as 600. */
  readonly fontWeight?: 'normal' | 'bold' | number;
  /** `italic` (or `oblique`); default `normal`. */
  readonly fontStyle?: 'normal' | 'italic' | 'oblique';
  /** Underlines the text. */
  readonly underline?: boolean;
  /** Outline colour. */
  readonly stroke?: string;
  /** Outline width in pixels. */
  readonly strokeWidth?: number;
  /** Colour of the box behind the text. */
  readonly backgroundColor?: string;
  /** Drop shadow (`shadow`). */
  readonly shadow?: ShadowProps;
  /** Entrance or exit animation (`animation`). */
  readonly animation?: AnimationProps;
  /** The text, plain (not HTML-escaped). */
  readonly children?: TextChildren;
}

/**
 * A text clip; `tag="title"` with `slot` makes it addressable by modify requests.
 *
 * @example <Text tag="title" slot="headline" fontSize={72} left={120} top={80}>Spring sale</Text>
 */
export const Text = defineBuiltin<TextProps>('Text');
