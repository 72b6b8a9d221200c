import { describe, expect, it } from 'vitest';
import { svgToPng } from '../draw-scenes.js';
import { decodePng } from '../png/decode-png.js';
import { colourAt, findPixels, sameColour } from '../png/test-find-pixels.js';
import { SHAPE_NAMES, shapeElement } from './shape-element.js';

function draw(element: string) {
  // Box 200x100 at (50, 40) on a 300x180 white canvas.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="180"><rect width="300" height="180" fill="#ffffff"/><g transform="translate(50 40)">${element}</g></svg>`;
  return decodePng(svgToPng(svg, { fontFiles: [] }));
}

describe('shapeElement', () => {
  it.each(SHAPE_NAMES)('draws %s filled at the box centre and never outside its box', (name) => {
    const element = shapeElement(name, { width: 200, height: 100, attributes: 'fill="#0000ff"' });
    expect(element).toBeDefined();
    const png = draw(element!);
    expect(colourAt(png, 150, 90)).toEqual([0, 0, 255, 255]);
    const ink = findPixels(png, (c) => !sameColour(c, [255, 255, 255], 2));
    expect(ink!.left).toBeGreaterThanOrEqual(50);
    expect(ink!.top).toBeGreaterThanOrEqual(40);
    expect(ink!.right).toBeLessThanOrEqual(250);
    expect(ink!.bottom).toBeLessThanOrEqual(140);
  });

  it('fills the whole box for rectangles and rounds corners with strokeRadius', () => {
    const square = findPixels(
      draw(shapeElement('Square', { width: 200, height: 100, attributes: 'fill="#0000ff"' })!),
      (c) => sameColour(c, [0, 0, 255]),
    );
    expect(square).toMatchObject({ left: 50, top: 40, right: 250, bottom: 140, count: 200 * 100 });
    const rounded = draw(
      shapeElement('Rectangle_corner0', { width: 200, height: 100, attributes: 'fill="#0000ff"', cornerRadius: 30 })!,
    );
    expect(colourAt(rounded, 51, 41)).toEqual([255, 255, 255, 255]);
  });

  it('returns undefined for a name the editor does not offer', () => {
    expect(shapeElement('Heart', { width: 10, height: 10, attributes: '' })).toBeUndefined();
  });
});
