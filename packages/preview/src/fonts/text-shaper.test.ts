import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFontCatalog } from './font-catalog.js';
import { shapeRun } from './shape-run.js';
import { needsNotoFonts, notoFontsMissing } from './test-noto-fonts.js';
import { harfbuzzAdvance, loadTextShaper } from './text-shaper.js';

const catalog = loadFontCatalog();
const faceOf = (family: string, text: string) =>
  catalog.faceFor(text.codePointAt(0) ?? 32, { family: catalog.resolveFamily(family), weight: 400, italic: false });
const dejaVu = faceOf('DejaVu Sans', 'A')!;
const dir = mkdtempSync(join(tmpdir(), 'vsynth-shaper-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('harfbuzzAdvance', () => {
  // Runs first: HarfBuzz is not loaded yet in this file's module graph.
  it('says what to do when HarfBuzz is not loaded yet', () => {
    expect(() => harfbuzzAdvance(dejaVu, 'Wave')).toThrow(
      'Text is measured with HarfBuzz, which loads asynchronously: `await loadTextShaper()` (from @vsynth/preview) before measuring or laying out text.',
    );
  });

  it('measures a word as shaped: kerning pulls "AVATAR" in from the sum of its advances', async () => {
    await loadTextShaper();
    let nominal = 0;
    for (const char of 'AVATAR Wave') nominal += dejaVu.advance(char.codePointAt(0)!);
    expect(nominal).toBeCloseTo(7.1685, 4);
    expect(harfbuzzAdvance(dejaVu, 'AVATAR Wave')).toBeCloseTo(6.8213, 4);
  });

  it('is undefined for a file HarfBuzz cannot read as a font', async () => {
    await loadTextShaper();
    const notAFont = join(dir, 'broken.ttf');
    writeFileSync(notAFont, 'not a font');
    expect(harfbuzzAdvance({ ...dejaVu, path: notAFont }, 'Wave')).toBeUndefined();
  });

  // Lines are broken at HarfBuzz's widths and drawn with fontkit's outlines: the two must agree.
  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('gives the width fontkit draws, in Latin, CJK, Arabic, Devanagari, Thai and Bengali'),
    async () => {
      await loadTextShaper();
      const samples: [string, string][] = [
        ['DejaVu Sans', 'office affine'],
        ['Noto Sans CJK JP', 'Part 1 (take 0) こんにちは世界'],
        ['Noto Sans Arabic', 'مرحبا بكم'],
        ['Noto Sans Devanagari', 'नमस्ते दुनिया'],
        ['Noto Sans Thai', 'สวัสดีครับ'],
        ['Noto Sans Bengali', 'স্বাগতম'],
      ];
      for (const [family, text] of samples) {
        const face = faceOf(family, text);
        expect(face, family).toBeDefined();
        expect(harfbuzzAdvance(face!, text), `${family}: ${text}`).toBeCloseTo(shapeRun(face!, text, 1)!.width, 6);
      }
    },
  );
});
