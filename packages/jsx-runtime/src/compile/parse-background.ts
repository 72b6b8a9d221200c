/** A scene background as the user gave it, classified. */
export type BackgroundValue =
  | { readonly kind: 'colour'; readonly rgb: string }
  | { readonly kind: 'image'; readonly url: string };

const RGB = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i;
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const URLISH = /^(https?:\/\/|\/|\.{1,2}\/|data:image\/)/i;

/**
 * Reads `background="…"`: `rgb(r,g,b)` or `#hex` is a colour (normalised to `rgb(r,g,b)`), an `http(s)://`,
 * `/…` or `data:image/` string is an image; anything else is `undefined`.
 *
 * @example parseBackground('#0a1b2c') // { kind: 'colour', rgb: 'rgb(10,27,44)' }
 */
export function parseBackground(value: string): BackgroundValue | undefined {
  const text = value.trim();
  const rgb = RGB.exec(text);
  if (rgb) {
    const [r, g, b] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
    return r > 255 || g > 255 || b > 255 ? undefined : { kind: 'colour', rgb: `rgb(${r},${g},${b})` };
  }
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [r, g, b] = [0, 2, 4].map((at) => Number.parseInt(digits.slice(at, at + 2), 16));
    return { kind: 'colour', rgb: `rgb(${r},${g},${b})` };
  }
  if (URLISH.test(text)) return { kind: 'image', url: text };
  return undefined;
}
