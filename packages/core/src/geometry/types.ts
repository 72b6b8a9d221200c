/**
 * A v3 clip's box as the service stores it (fabric.js object fields): the top-left corner in canvas pixels
 * and the object's own size; the displayed size is `width*scaleX` by `height*scaleY`.
 */
export interface V3Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly scaleX: number;
  readonly scaleY: number;
}

/** A v3 box as read from a payload: `scaleX`/`scaleY` default to 1. */
export interface V3BoxInput {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly scaleX?: number | null | undefined;
  readonly scaleY?: number | null | undefined;
}

/**
 * A legacy clip's placement: the midpoint relative to the canvas centre (`-0.5` left/top edge, `0.5`
 * right/bottom edge) and a size multiplier; absent values default to 0, 0 and 1.
 */
export interface LegacyPlacement {
  readonly locationX?: number | null | undefined;
  readonly locationY?: number | null | undefined;
  readonly scale?: number | null | undefined;
}

/** A legacy placement with every value stated, as the v3 -> legacy converters return it. */
export interface LegacyPlacementResult {
  readonly locationX: number;
  readonly locationY: number;
  readonly scale: number;
}
