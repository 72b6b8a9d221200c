import type { ShapeName } from '@vsynth/core';
import { defineBuiltin } from './builtin.js';
import type { AnimationProps, ClipProps, ShadowProps } from './clip-props.js';

/** Props of `<Shape>`. */
export interface ShapeProps extends ClipProps {
  /** Which shape (`shapeName`). */
  readonly shape: ShapeName;
  readonly fill?: string;
  readonly stroke?: string;
  readonly strokeWidth?: number;
  /** Corner radius. */
  readonly strokeRadius?: number;
  /** Natural size used by the centre family (default: `width`×`height`, else 100×100). */
  readonly naturalWidth?: number;
  readonly naturalHeight?: number;
  readonly shadow?: ShadowProps;
  readonly animation?: AnimationProps;
  readonly children?: never;
}

/**
 * A vector shape (v3 only).
 *
 * @example <Shape shape="Rectangle_corner0" fill="rgb(0,0,0)" left={0} top={900} width={1920} height={180} opacity={60} />
 */
export const Shape = defineBuiltin<ShapeProps>('Shape');
