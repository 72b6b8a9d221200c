import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBackground, type BackgroundValue } from './parse-background.js';

/** The rule as first written: every pattern tried in turn, channels read with parseInt. */
function byPatterns(value: string): BackgroundValue | undefined {
  const text = value.trim();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/i.exec(text);
  if (rgb) {
    const [r, g, b] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
    return r > 255 || g > 255 || b > 255 ? undefined : { kind: 'colour', rgb: `rgb(${r},${g},${b})` };
  }
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text)?.[1];
  if (hex !== undefined) {
    const channel = (i: number) => (hex.length === 3 ? Number.parseInt(hex[i]! + hex[i]!, 16) : Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16));
    return { kind: 'colour', rgb: `rgb(${channel(0)},${channel(1)},${channel(2)})` };
  }
  if (/^(https?:\/\/|\/|\.{1,2}\/|data:image\/)/i.test(text)) return { kind: 'image', url: text };
  return undefined;
}

describe('parseBackground', () => {
  it('reads colours and image URLs', () => {
    expect(parseBackground('#0a1b2c')).toEqual({ kind: 'colour', rgb: 'rgb(10,27,44)' });
    expect(parseBackground(' #FfF ')).toEqual({ kind: 'colour', rgb: 'rgb(255,255,255)' });
    expect(parseBackground('RGBA(1, 2, 3, 0.5)')).toEqual({ kind: 'colour', rgb: 'rgb(1,2,3)' });
    expect(parseBackground('rgb(256,0,0)')).toBeUndefined();
    expect(parseBackground('https://cdn.example.com/bg.jpg')).toEqual({ kind: 'image', url: 'https://cdn.example.com/bg.jpg' });
    expect(parseBackground('#zzz')).toBeUndefined();
  });

  it('agrees with trying every pattern, for any text', () => {
    const hexText = fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEFxg'), minLength: 1, maxLength: 7 }).map((h) => `#${h}`);
    const rgbText = fc
      .tuple(fc.constantFrom('rgb', 'RGB', 'rgba', 'Rgba', 'rgx'), fc.nat({ max: 300 }), fc.nat({ max: 300 }), fc.nat({ max: 999 }), fc.constantFrom('', ',0.5', ', 1 '), fc.constantFrom(' ', ''))
      .map(([f, r, g, b, a, pad]) => `${pad}${f}(${r},${pad}${g} ,${b}${a})${pad}`);
    const other = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('http://x', 'HTTPS://y', '/a.png', './b', '../c', 'data:image/png', 'ftp://z', ''));
    fc.assert(
      fc.property(fc.oneof(hexText, rgbText, other), (text) => {
        expect(parseBackground(text)).toEqual(byPatterns(text));
      }),
      { numRuns: 3000 },
    );
  });
});
