/** A scene background as the user gave it, classified. */
export type BackgroundValue = { readonly kind: 'colour'; readonly rgb: string } | { readonly kind: 'image'; readonly url: string };

const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const URLISH = /^(https?:\/\/|\/|\.{1,2}\/|data:image\/)/i;

/**
 * Reads `background="…"`: `rgb(r,g,b)` or `#hex` is a colour (normalised to `rgb(r,g,b)`), an
 * `http(s)://`, `/…` or `data:image/` string is an image; anything else is `undefined`.
 *
 * @example parseBackground('#0a1b2c') // { kind: 'colour', rgb: 'rgb(10,27,44)' }
 */
export function parseBackground(value: string): BackgroundValue | undefined {
  const text = value.trim();
  // Each pattern only where its first character can start it: no regex run for the others.
  const first = text.charCodeAt(0);
  const rgb = first === R_LOWER || first === R_UPPER ? RGB.exec(text) : null;
  if (rgb) {
    const r = Number(rgb[1]);
    const g = Number(rgb[2]);
    const b = Number(rgb[3]);
    if (r > 255 || g > 255 || b > 255) return undefined;
    return { kind: 'colour', rgb: `rgb(${r},${g},${b})` };
  }
  const hex = first === HASH ? HEX.exec(text)?.[1] : undefined;
  if (hex !== undefined) {
    return { kind: 'colour', rgb: `rgb(${hexChannel(hex, 0)},${hexChannel(hex, 1)},${hexChannel(hex, 2)})` };
  }
  if (URLISH.test(text)) return { kind: 'image', url: text };
  return undefined;
}

const R_LOWER = 0x72;
const R_UPPER = 0x52;
const HASH = 0x23;

/** Channel `i` (0 red, 1 green, 2 blue) of a 3- or 6-digit hex colour (digits already checked by HEX). */
function hexChannel(hex: string, i: number): number {
  if (hex.length === 3) return hexDigit(hex.charCodeAt(i)) * 17;
  return hexDigit(hex.charCodeAt(2 * i)) * 16 + hexDigit(hex.charCodeAt(2 * i + 1));
}

/** The value of a hex digit's character code: `0`-`9`, `a`-`f`, `A`-`F`. */
function hexDigit(code: number): number {
  return code <= 0x39 ? code - 0x30 : (code | 0x20) - 0x57;
}
