import { describe, expect, it } from 'vitest';
import { contactSheet, contactSheetHeader } from './contact-sheet.js';
import { drawScenes } from './draw-scenes.js';
import { decodePng } from './png/decode-png.js';
import { needsNotoFonts, notoFontsMissing } from './fonts/test-noto-fonts.js';
import { findPixels } from './png/test-find-pixels.js';

const scene = { sceneIdx: 0, background: { source_type: 'color', source_color: '#000000' }, clips: [] };

/** Extent of the header's white title text (the header is the top 56 px). */
async function titleInk(name: string) {
  const sheet = decodePng(contactSheet(await drawScenes({ name, scenes: [scene, scene] }, { scale: 0.1 })));
  const header = { ...sheet, height: 56, pixels: sheet.pixels.subarray(0, sheet.width * 56 * 4) };
  const ink = findPixels(header, (c) => c[0] > 200 && c[1] > 200 && c[2] > 200);
  expect(ink).toBeDefined();
  return { ...ink!, sheetWidth: sheet.width };
}

describe('contactSheet', () => {
  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('writes a title of several fonts side by side, not on top of each other'),
    async () => {
      const latin = await titleInk('launch');
      const mixed = await titleInk('春の新製品 launch');
      // Five CJK characters and a space at 24 px add well over 100 px.
      expect(mixed.right - latin.right).toBeGreaterThan(100);
    },
  );

  it('cuts a long project name so the title stays on the sheet', async () => {
    const ink = await titleInk('A very long project name that goes on and on and on and on and on');
    // Two 480 px thumbnails and gaps: 1008 px wide, 16 px margin.
    expect(ink.sheetWidth).toBe(1008);
    expect(ink.right).toBeLessThanOrEqual(1008 - 16 + 2);
  });

  it("shows the quick start's whole title on a one-scene sheet: the summary goes to a second line", async () => {
    const sheet = decodePng(
      contactSheet(await drawScenes({ name: 'Hello, vsynth quick start', scenes: [scene] }, { scale: 0.1 })),
    );
    expect(sheet.width).toBe(512);
    const band = (top: number, bottom: number) =>
      findPixels(
        {
          ...sheet,
          height: bottom - top,
          pixels: sheet.pixels.subarray(sheet.width * top * 4, sheet.width * bottom * 4),
        },
        (c) => c[0] > 200 && c[1] > 200 && c[2] > 200,
      );
    expect(band(0, 44)).toBeDefined(); // the name
    expect(band(48, 80)).toBeDefined(); // the summary, below it
    expect(band(0, 44)!.right).toBeLessThanOrEqual(512 - 16 + 2);
  });
});

describe('contactSheetHeader', () => {
  // About 0.6 em per character: enough to tell one line from two.
  const measure = (text: string, size: number) => [...text].length * size * 0.6;

  it('keeps name and summary on one line when they fit', () => {
    const { labels, height } = contactSheetHeader('Launch', '2 scenes · about 9.0 s', 976, measure);
    expect(labels.map((label) => [label.text, label.y, label.size])).toEqual([
      ['Launch', 38, 24],
      [' · 2 scenes · about 9.0 s', 38, 24],
    ]);
    expect(height).toBe(56);
  });

  it('puts the summary on a second line and the whole name on the first, smaller if need be', () => {
    const twoLines = contactSheetHeader('Hello, vsynth quick start', '1 scene · about 5.6 s', 480, measure);
    expect(twoLines.labels.map((label) => [label.text, label.size])).toEqual([
      ['Hello, vsynth quick start', 24],
      ['1 scene · about 5.6 s', 20],
    ]);
    expect(twoLines.height).toBe(82);
    const name = 'A rather long name of a customer video';
    const smaller = contactSheetHeader(name, '1 scene · about 5.6 s', 480, measure);
    expect(smaller.labels[0]).toMatchObject({ text: name, size: 20 });
    expect(measure(name, 20)).toBeLessThanOrEqual(480);
  });

  it('cuts only a name too long even at 16 px, with an ellipsis', () => {
    const { labels } = contactSheetHeader('x'.repeat(80), '1 scene · about 1.0 s', 480, measure);
    expect(labels[0]!.size).toBe(16);
    expect(labels[0]!.text.endsWith('…')).toBe(true);
    expect(measure(labels[0]!.text, 16)).toBeLessThanOrEqual(480);
  });
});
