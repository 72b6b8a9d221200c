import { z } from 'zod';

/** The colour forms every colour field accepts, as messages name them. */
export const COLOUR_FORMS = 'rgb(r,g,b) with each of r, g, b 0–255, #rgb, #rrggbb or #rrggbbaa';

const BYTE = '\\s*(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\s*';
/** The one colour grammar: `rgb(r,g,b)` (spaces allowed around the numbers), `#rgb`, `#rrggbb`, `#rrggbbaa`. */
export const COLOUR_PATTERN = new RegExp(
  `^(?:rgb\\(${BYTE},${BYTE},${BYTE}\\)|#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8}))$`,
);

/** A colour read by {@link parseColour}: channels 0–255, `alpha` 0–255 (255 when the form has none). */
export interface Rgba {
  readonly r: number;
  readonly g: number;
  readonly b: number;
  readonly alpha: number;
}

/**
 * Reads a colour in the one grammar every colour field of a payload and of a component accepts
 * ({@link COLOUR_FORMS}); anything else, `rgb(34,197,294)` included, is `undefined`.
 *
 * @example parseColour('#0a1b2c80') // { r: 10, g: 27, b: 44, alpha: 128 }
 */
export function parseColour(text: string): Rgba | undefined {
  const match = COLOUR_PATTERN.exec(text);
  if (match === null) return undefined;
  const hex = match[4];
  if (hex === undefined) return { r: Number(match[1]), g: Number(match[2]), b: Number(match[3]), alpha: 255 };
  const digits = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  const [r = 0, g = 0, b = 0, alpha = 255] = [0, 2, 4, 6]
    .filter((at) => at < digits.length)
    .map((at) => Number.parseInt(digits.slice(at, at + 2), 16));
  return { r, g, b, alpha };
}

/** `rgb(r,g,b)` of a colour, the form a scene background's `source_color` takes. */
export function rgbText(colour: Rgba): string {
  return `rgb(${colour.r},${colour.g},${colour.b})`;
}

/** A colour field: a string in the one grammar, refused naming the accepted forms. */
export const colourSchema = z
  .string()
  .regex(COLOUR_PATTERN, { error: `must be a colour: ${COLOUR_FORMS}` })
  .describe(`Colour: ${COLOUR_FORMS}`);
