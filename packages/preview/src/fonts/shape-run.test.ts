import { describe, expect, it } from 'vitest';
import { loadFontCatalog } from './font-catalog.js';
import { shapeRun } from './shape-run.js';

const catalog = loadFontCatalog();
const dejavu = catalog.faces.find((face) => face.family === 'DejaVu Sans' && face.weight === 400 && !face.italic)!;

describe('shapeRun', () => {
  it('returns outlines and the shaped width in font-size units', () => {
    const shaped = shapeRun(dejavu, 'AV', 100)!;
    expect(shaped.d).toMatch(/^M/);
    expect(shaped.notdef).toBe(0);
    // DejaVu Sans: A and V are each ~0.68 em; kerning pulls them together.
    expect(shaped.width).toBeGreaterThan(100);
    expect(shaped.width).toBeLessThan(2 * 0.7 * 100);
  });

  it('counts .notdef glyphs, the boxes a font draws for characters it lacks', () => {
    expect(shapeRun(dejavu, 'Aத你', 40)?.notdef).toBe(2);
  });
});
