import type { ShapeName } from '@vsynth/core';
import { defineBuiltin } from './builtin.js';
import type { AnimationProps, ClipProps, ShadowProps } from './clip-props.js';

/** Props of `<Shape>`: its own, the common clip props and one position family. */
export type ShapeProps = ShapeOwnProps & ClipProps;

export interface ShapeOwnProps {
  /** Which shape (`shapeName`). */
  readonly shape: ShapeName;
  /** Fill colour, e.g. `"rgb(255,196,0)"` or `"#ffc400"`. */
  readonly fill?: string;
  /** Outline colour. */
  readonly stroke?: string;
  /** Outline width in pixels. */
  readonly strokeWidth?: number;
  /** Corner radius. */
  readonly strokeRadius?: number;
  /** Natural width used by the centre family and when `width` is omitted (default 100). */
  readonly naturalWidth?: number;
  /** Natural height used by the centre family and when `height` is omitted (default 100). */
  readonly naturalHeight?: number;
  /** Drop shadow (`shadow`). */
  readonly shadow?: ShadowProps;
  /** Entrance or exit animation (`animation`). */
  readonly animation?: AnimationProps;
  /** None: `<Shape>` takes no children. */
  readonly children?: never;
}

/**
 * A vector shape (v3 only).
 *
 * @example <Shape shape="Rectangle_corner0" fill="rgb(0,0,0)" left={0} top={900} width={1920} height={180} />
 */
export const Shape = defineBuiltin<ShapeProps>('Shape');
