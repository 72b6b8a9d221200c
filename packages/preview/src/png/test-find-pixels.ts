/** Test helper (test-*.ts is not built): the colour at a point and the box of pixels that match. */
import type { DecodedPng } from './decode-png.js';

export type Rgba = readonly [number, number, number, number];

/** RGBA at (x, y), rounding coordinates down. */
export function colourAt(image: DecodedPng, x: number, y: number): Rgba {
  const at = (Math.floor(y) * image.width + Math.floor(x)) * 4;
  const p = image.pixels;
  return [p[at] ?? 0, p[at + 1] ?? 0, p[at + 2] ?? 0, p[at + 3] ?? 0];
}

/** True when two colours differ by at most `tolerance` in every channel. */
export function sameColour(a: Rgba, b: readonly number[], tolerance = 3): boolean {
  return a.every((value, i) => Math.abs(value - (b[i] ?? 255)) <= tolerance);
}

/** Bounding box (inclusive pixel edges as left/top/right/bottom) of pixels matching `test`. */
export function findPixels(
  image: DecodedPng,
  test: (rgba: Rgba) => boolean,
): { left: number; top: number; right: number; bottom: number; count: number } | undefined {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (!test(colourAt(image, x, y))) continue;
      count++;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  return count === 0 ? undefined : { left, top, right: right + 1, bottom: bottom + 1, count };
}
