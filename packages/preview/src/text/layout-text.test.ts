import { beforeAll, describe, expect, it } from 'vitest';
import { loadFontCatalog } from '../fonts/font-catalog.js';
import { shapeRun } from '../fonts/shape-run.js';
import { needsNotoFonts, notoFontsMissing } from '../fonts/test-noto-fonts.js';
import { layoutText } from './layout-text.js';
import { loadTextShaper } from '../fonts/text-shaper.js';

beforeAll(() => loadTextShaper());

const catalog = loadFontCatalog();
const base = { catalog, family: catalog.resolveFamily('DejaVu Sans'), fontSize: 40, weight: 400, italic: false };
const lines = (text: string, maxWidth: number) =>
  layoutText(text, { ...base, maxWidth }).lines.map((line) => line.runs.map((run) => run.text).join(''));

describe('layoutText', () => {
  it('wraps at spaces to fit the width and keeps explicit newlines', () => {
    expect(lines('one two three four', 200)).toEqual(['one two', 'three four']);
    expect(lines('first\nsecond', 1000)).toEqual(['first', 'second']);
    for (const line of layoutText('one two three four five six seven', { ...base, maxWidth: 200 }).lines)
      expect(line.width).toBeLessThanOrEqual(200);
  });

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('breaks CJK text between characters and a word longer than the box between letters'),
    () => {
      expect(lines('你好世界你好世界', 170).every((line) => line.length <= 4)).toBe(true);
      expect(lines('Supercalifragilistic', 150).length).toBeGreaterThan(1);
    },
  );

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('splits a line into runs of one font each, with the CJK font for Han'),
    () => {
      const layout = layoutText('Hi 你好', { ...base, maxWidth: Infinity });
      expect(layout.lines[0]?.runs.map((run) => [run.text, run.face?.family])).toEqual([
        ['Hi ', 'DejaVu Sans'],
        ['你好', 'Noto Sans CJK SC'],
      ]);
    },
  );

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('shapes Devanagari into outlines with its shaped width'),
    () => {
      const run = layoutText('नमस्ते', { ...base, maxWidth: Infinity }).lines[0]?.runs[0];
      expect(run?.face?.family).toBe('Noto Sans Devanagari');
      expect(run?.outline).toMatch(/^M/);
      expect(run!.width).toBeGreaterThan(60);
      expect(run!.width).toBeLessThan(200);
    },
  );
});

describe('layoutText, right to left', () => {
  const glyphOrder = (text: string) => {
    const layout = layoutText(text, { ...base, maxWidth: Infinity });
    return layout.lines[0]!.runs.map((run) => [run.text, run.rtl === true]);
  };

  it('draws Arabic words right to left and a number inside them left to right (visual run order)', () => {
    // DejaVu Sans (always installed) has Arabic and digits: before the bidi split, fontkit
    // shaped the whole line right to left and drew 2024 as 4202.
    expect(glyphOrder('مرحبا 2024')).toEqual([
      ['2024', false],
      ['مرحبا ', true],
    ]);
  });

  it('shapes a right-to-left run right to left (its glyphs in visual order, not in typing order)', () => {
    const run = layoutText('بكم', { ...base, maxWidth: Infinity }).lines[0]!.runs[0]!;
    expect(run.rtl).toBe(true);
    expect(run.outline).toBe(shapeRun(run.face!, 'بكم', 40, 'rtl')!.d);
    expect(run.outline).not.toBe(shapeRun(run.face!, 'بكم', 40, 'ltr')!.d);
  });
});
