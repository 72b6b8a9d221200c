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
  const rgb = RGB.exec(text);
  if (rgb) {
    const parts = [rgb[1], rgb[2], rgb[3]].map(Number);
    if (parts.some((n) => n > 255)) return undefined;
    return { kind: 'colour', rgb: `rgb(${parts.join(',')})` };
  }
  const hex = HEX.exec(text)?.[1];
  if (hex !== undefined) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const parts = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
    return { kind: 'colour', rgb: `rgb(${parts.join(',')})` };
  }
  if (URLISH.test(text)) return { kind: 'image', url: text };
  return undefined;
}
