import { beforeAll, describe, expect, it } from 'vitest';
import { loadFontCatalog } from '../fonts/font-catalog.js';
import { layoutText, lineCountBound, type LayoutTextOptions } from './layout-text.js';
import { randomText, seededRandom } from './test-random-text.js';
import { findTextOverflow, LINE_HEIGHT, textOverflowMessage } from './text-overflow.js';
import { loadTextShaper } from '../fonts/text-shaper.js';

beforeAll(() => loadTextShaper());

const catalog = loadFontCatalog();
/** The families tried: the default (Noto Sans CJK, when installed) and the bundled DejaVu Sans. */
const FAMILIES = [catalog.resolveFamily('Noto Sans CJK', 'en'), catalog.resolveFamily('DejaVu Sans')].filter(
  (family): family is string => family !== undefined,
);
const WIDTHS = [90, 240, 600, 1000];
const FONT_SIZES = [24, 40, 72];

describe('lineCountBound', () => {
  it('never counts fewer lines than the exact layout, over random Latin, Greek, Cyrillic and CJK texts', () => {
    const random = seededRandom(7);
    let tighter = 0;
    for (let i = 0; i < 600; i++) {
      const text = randomText(random);
      const options: LayoutTextOptions = {
        catalog,
        family: FAMILIES[i % FAMILIES.length],
        fontSize: FONT_SIZES[i % FONT_SIZES.length]!,
        weight: i % 2 === 0 ? 400 : 700,
        italic: false,
        maxWidth: WIDTHS[Math.floor(random() * WIDTHS.length)]!,
        lang: 'en',
        linesOnly: true,
      };
      const exact = layoutText(text, options).lines.length;
      const bound = lineCountBound(text, options);
      expect(bound, `${JSON.stringify(text)} in ${options.maxWidth} at ${options.fontSize}`).toBeGreaterThanOrEqual(
        exact,
      );
      if (bound === exact) tighter++;
    }
    // The bound is exact for most texts: that is what spares shaping them.
    expect(tighter).toBeGreaterThan(300);
  });
});

describe('findTextOverflow with the bound', () => {
  it('warns of exactly the clips the exact layout overflows, with the same numbers', () => {
    const random = seededRandom(11);
    const clips: Record<string, unknown>[] = [];
    const expected: (string | undefined)[] = [];
    for (let i = 0; i < 400; i++) {
      const text = randomText(random, 8);
      const family = FAMILIES[i % FAMILIES.length]!;
      const fontSize = FONT_SIZES[Math.floor(random() * FONT_SIZES.length)]!;
      const width = WIDTHS[Math.floor(random() * WIDTHS.length)]!;
      // Room for one to four lines, a little more than the lines need, as a box drawn around its text is.
      const height = Math.ceil((1 + Math.floor(random() * 4)) * fontSize * LINE_HEIGHT) + 2;
      const bold = random() < 0.5;
      clips.push({
        type: 'textImage',
        left: 0,
        top: 0,
        width,
        height,
        text,
        fontSize,
        fontFamily: family,
        ...(bold ? { fontWeight: 'bold' } : {}),
      });
      const layout = {
        catalog,
        family,
        fontSize,
        weight: bold ? 700 : 400,
        italic: false,
        maxWidth: width,
        lang: 'en',
      };
      const lines = layoutText(text, { ...layout, linesOnly: true }).lines.length;
      expected.push(textOverflowMessage(lines, fontSize, { naturalHeight: height, shownHeight: height }));
    }
    const found = findTextOverflow({ scenes: [{ clips }] }, { catalog });
    const messages = clips.map((_, c) => found.find((issue) => issue.path[3] === c)?.message);
    expect(messages).toEqual(expected);
    // Both kinds are tried: texts that fit and texts that run past their box.
    expect(expected.filter((message) => message === undefined).length).toBeGreaterThan(50);
    expect(expected.filter((message) => message !== undefined).length).toBeGreaterThan(50);
  });
});
