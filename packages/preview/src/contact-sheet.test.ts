import { describe, expect, it } from 'vitest';
import { contactSheet } from './contact-sheet.js';
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
});
