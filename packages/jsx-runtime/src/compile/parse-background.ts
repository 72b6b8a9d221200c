import { parseColour, rgbText } from '@vsynth/core';

/** A scene background as the user gave it, classified. */
export type BackgroundValue =
  | { readonly kind: 'colour'; readonly rgb: string; readonly opaque: boolean }
  | { readonly kind: 'image'; readonly url: string };

const URLISH = /^(https?:\/\/|file:|\/|\.{1,2}\/|data:image\/)/i;

/**
 * Reads `background="…"`: a colour in core's grammar (normalised to `rgb(r,g,b)`, the form `source_color`
 * takes; `opaque` is false when it has an alpha below ff), an `http(s)://`, `file:`, `/…`, `./…` or `data:image/`
 * string is an
 * image; anything else is `undefined`.
 *
 * @example parseBackground('#0a1b2c') // { kind: 'colour', rgb: 'rgb(10,27,44)', opaque: true }
 */
export function parseBackground(value: string): BackgroundValue | undefined {
  const text = value.trim();
  const colour = parseColour(text);
  if (colour !== undefined) return { kind: 'colour', rgb: rgbText(colour), opaque: colour.alpha === 255 };
  if (URLISH.test(text)) return { kind: 'image', url: text };
  return undefined;
}
