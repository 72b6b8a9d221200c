import type { AnimationType } from '@vsynth/core';

/**
 * Props shared by visual elements. Position comes in one of two families, never mixed: the v3 box
 * (`left top width height scaleX scaleY`, canvas pixels) or the legacy centre family
 * (`x y scale`, −0.5…0.5 with 0 at the canvas centre).
 */
export interface BoxProps {
  /** v3: left edge in canvas pixels. */
  readonly left?: number;
  /** v3: top edge in canvas pixels. */
  readonly top?: number;
  /** v3: unscaled width in pixels (images: the natural width). */
  readonly width?: number;
  /** v3: unscaled height in pixels (images: the natural height). */
  readonly height?: number;
  /** v3: horizontal magnification applied to `width` (default 1). */
  readonly scaleX?: number;
  /** v3: vertical magnification applied to `height` (default 1). */
  readonly scaleY?: number;
}

export interface CentreProps {
  /** Legacy: horizontal midpoint, −0.5 (left edge) … 0 (centre) … 0.5 (right edge). */
  readonly x?: number;
  /** Legacy: vertical midpoint, −0.5 (top edge) … 0 (centre) … 0.5 (bottom edge). */
  readonly y?: number;
  /** Legacy scale: images 1 = longer side half the canvas; avatars a size multiplier; text 1 = 48 px. */
  readonly scale?: number;
}

/** The box family with no centre prop: `x`, `y`, `scale` cannot be given beside it. */
export type BoxPlacement = BoxProps & { readonly [K in keyof CentreProps]?: never };
/** The centre family with no box prop: `left`, `top`, … cannot be given beside it. */
export type CentrePlacement = CentreProps & { readonly [K in keyof BoxProps]?: never };

/**
 * Position props: one family or the other, never mixed (`<Text x={1} left={2}>` is a type error
 * at that line, and a compile error for code that is not type-checked).
 */
export type PlacementProps = BoxPlacement | CentrePlacement;

/** Props every clip element accepts: {@link ClipBaseProps} and one position family. */
export type ClipProps = ClipBaseProps & PlacementProps;

export interface ClipBaseProps {
  /** Stacking order; higher is above. Without it, later siblings sit above earlier ones. */
  readonly layer?: number;
  /** Rotation in degrees, clockwise (default 0). */
  readonly angle?: number;
  /** Opacity 1–100 (default 100). */
  readonly opacity?: number;
  /** Clip tag: `title` or `subtitles`, the tags modify requests address. */
  readonly tag?: 'title' | 'subtitles';
  /** Names this clip's modify key, `compile()` returns `{[slot]: 'title_2'}`; needs a `title`/`subtitles` tag. */
  readonly slot?: string;
  /** v3: the clip's `id` (and `name`) as given instead of derived from its position. */
  readonly id?: string;
  /** Fields the props cannot express, set on the emitted object as given: see {@link RawFields}. */
  readonly raw?: RawFields;
}

/**
 * The escape hatch for what TSX cannot express: each field is set on the emitted object as given, after the
 * props, and `undefined` removes one. A legacy clip's `detail` is merged; a legacy `<Avatar>`'s go into `AIModel`.
 *
 * @example <Text left={10} top={20} raw={{ lockMovementX: true, fontSize: undefined }}>Hi</Text>
 */
export type RawFields = Readonly<Record<string, unknown>>;

/** A drop shadow. */
export interface ShadowProps {
  /** Colour, default `#00000060`. */
  readonly color?: string;
  /** Blur 0–10. */
  readonly blur?: number;
  /** Horizontal offset in pixels (positive: right). */
  readonly offsetX?: number;
  /** Vertical offset in pixels (positive: down). */
  readonly offsetY?: number;
  /** Whether the shadow is drawn. */
  readonly enabled?: boolean;
}

/** An animation: type, duration 1–30 s, delay 0–30 s. */
export interface AnimationProps {
  /** `fade-in`, `in-left`, `zoom-out`, … */
  readonly type: AnimationType;
  /** Seconds, 1–30. */
  readonly duration?: number;
  /** Seconds before it starts, 0–30. */
  readonly delay?: number;
}

/** Text children: strings and numbers (joined), skipped `null`/`false`/`undefined`. */
export type TextChild = string | number | boolean | null | undefined;
/** One text child or an array of them (`Hello {name}` gives an array). */
export type TextChildren = TextChild | readonly TextChildren[];
