import { beforeAll, describe, expect, it } from 'vitest';
import { randomText, seededRandom } from '../text/test-random-text.js';
import { loadFontCatalog } from './font-catalog.js';
import { shapedAdvance } from './text-shaper.js';
import { isSimplyShaped, SHAPING_MARGIN_EM, shapedAdvanceBound } from './shaped-advance-bound.js';
import { loadTextShaper } from './text-shaper.js';

beforeAll(() => loadTextShaper());

const catalog = loadFontCatalog();
/** Installed faces of the families text is drawn with here (the bundled DejaVu Sans at least). */
const FAMILIES = [
  'Noto Sans CJK JP',
  'Noto Serif CJK JP',
  'Noto Sans',
  'Noto Serif',
  'DejaVu Sans',
  'Liberation Serif',
];
const faces = catalog.faces.filter((face) => FAMILIES.includes(face.family) && [400, 700].includes(face.weight));

describe('shapedAdvanceBound', () => {
  it('is never below the shaped advance of a word, in every installed face tried', () => {
    const random = seededRandom(1);
    let compared = 0;
    for (const face of faces) {
      for (let i = 0; i < 300; i++) {
        const word = [...randomText(random, 1)].filter((char) => face.has(char.codePointAt(0) ?? 0)).join('');
        const shaped = shapedAdvance(face, word);
        if (word.length < 2 || shaped === undefined) continue;
        const nominal = [...word].reduce((sum, char) => sum + face.advance(char.codePointAt(0) ?? 0), 0);
        expect(shapedAdvanceBound(face, word, nominal), `${face.family} ${face.weight} ${word}`).toBeGreaterThanOrEqual(
          shaped,
        );
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(faces.length * 100);
  });

  it('adds SHAPING_MARGIN_EM per character to simply shaped text and shapes anything else', () => {
    const face = catalog.faces.find((f) => f.family === 'DejaVu Sans' && f.weight === 400 && !f.italic)!;
    expect(shapedAdvanceBound(face, 'Ab1·', 2)).toBeCloseTo(2 + 4 * SHAPING_MARGIN_EM);
    expect(shapedAdvanceBound(face, 'مرحبا', 99)).toBe(shapedAdvance(face, 'مرحبا'));
    expect(['Zoë', 'Nguyễn', 'Ωμέγα', 'Привет', '東京タワー', '서울', '１０％'].every(isSimplyShaped)).toBe(true);
    expect(['e\u0301', 'مرحبا', 'नमस्ते', '👍🏽', 'a\u200db', '\u1100\u1161'].some(isSimplyShaped)).toBe(false);
  });
});
