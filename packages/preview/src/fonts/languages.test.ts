import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawScenes } from '../draw-scenes.js';
import { decodePng } from '../png/decode-png.js';
import { findPixels } from '../png/test-find-pixels.js';
import { layoutText } from '../text/layout-text.js';
import { loadFontCatalog } from './font-catalog.js';
import { needsNotoFonts, notoFontsMissing } from './test-noto-fonts.js';
import { loadTextShaper } from './text-shaper.js';

beforeAll(() => loadTextShaper());

/** A greeting in each dubbing language (code → text a <Text> would carry). */
const SAMPLES: Record<string, string> = {
  'en-US': 'Welcome to our product tour',
  'hi-IN': 'हमारे उत्पाद दौरे में आपका स्वागत है',
  'pt-PT': 'Bem-vindo à nossa apresentação, ação',
  'zh-CN': '欢迎参加我们的产品导览',
  'es-ES': '¡Bienvenido a nuestra presentación, señor!',
  'fr-FR': 'Bienvenue à notre présentation, ça commence',
  'de-DE': 'Willkommen zur Produkttour, schöne Grüße',
  'ja-JP': '製品ツアーへようこそ、カタカナとひらがな',
  'ar-SA': 'مرحبا بكم في جولة المنتج',
  'ru-RU': 'Добро пожаловать в обзор продукта',
  'ko-KR': '제품 투어에 오신 것을 환영합니다',
  'id-ID': 'Selamat datang di tur produk kami',
  'it-IT': 'Benvenuti al nostro tour, perché è così',
  'nl-NL': 'Welkom bij onze productrondleiding, één keer',
  'tr-TR': 'Ürün turumuza hoş geldiniz, İstanbul ğş',
  'pl-PL': 'Witamy w prezentacji, zażółć gęślą jaźń',
  'sv-SE': 'Välkommen till vår produktvisning, åäö',
  'fil-PH': 'Maligayang pagdating sa aming paglilibot, Señor',
  'ms-MY': 'Selamat datang ke lawatan produk kami',
  'ro-RO': 'Bine ați venit la turul produsului, ăâîșț',
  'uk-UA': 'Ласкаво просимо, ґанок, їжак, є',
  'el-GR': 'Καλώς ήρθατε στην περιήγηση του προϊόντος',
  'cs-CZ': 'Vítejte na prohlídce, příliš žluťoučký kůň',
  'da-DK': 'Velkommen til vores rundvisning, æøå',
  'fi-FI': 'Tervetuloa tuote-esittelyyn, äö',
  'bg-BG': 'Добре дошли в нашата обиколка, ъ щ',
  'hr-HR': 'Dobrodošli u obilazak proizvoda, čćđšž',
  'sk-SK': 'Vitajte na prehliadke, ľščťžýáíéôň',
  'ta-IN': 'எங்கள் தயாரிப்பு சுற்றுலாவுக்கு வரவேற்கிறோம்',
  'vi-VN': 'Chào mừng bạn đến với chuyến tham quan sản phẩm',
};

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('text in every dubbing language', () => {
  it('covers the 30 dubbing language codes', async () => {
    const { LANGUAGE_CODES } = await import('@vsynth/core');
    expect(Object.keys(SAMPLES).sort()).toEqual([...LANGUAGE_CODES].sort());
  });

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('finds an installed font with a real glyph (cmap entry) for every character'),
    () => {
      const catalog = loadFontCatalog();
      const family = catalog.resolveFamily('Noto Sans CJK');
      for (const [code, text] of Object.entries(SAMPLES)) {
        const lang = code.split('-')[0];
        const layout = layoutText(text, {
          catalog,
          family,
          fontSize: 48,
          weight: 400,
          italic: false,
          maxWidth: Infinity,
          lang,
        });
        // Missing characters would be drawn as empty boxes (tofu). Install fonts-noto-core and
        // fonts-noto-cjk (as .ci/run does) when this fails on a machine without them.
        expect({ code, missing: layout.missing }).toEqual({ code, missing: [] });
        for (const run of layout.lines.flatMap((line) => line.runs)) {
          for (const char of run.text.replace(/\s/g, ''))
            expect(run.face?.has(char.codePointAt(0)!), `${code} ${char}`).toBe(true);
          // After shaping, no glyph is .notdef (the empty box drawn for a missing glyph).
          expect(run.outline, code).toMatch(/^M/);
          expect({ code, notdef: run.notdef }).toEqual({ code, notdef: 0 });
        }
      }
    },
  );

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('renders one <Text> per language with ink inside its box and no font warning'),
    async () => {
      const languages = Object.entries(SAMPLES);
      const payload = {
        scenes: languages.map(([code, text], index) => ({
          sceneIdx: index,
          background: { source_type: 'color', source_color: '#ffffff' },
          clips: [
            {
              id: `a${index}`,
              type: 'aiModel',
              layer: 1,
              left: 0,
              top: 0,
              width: 10,
              height: 10,
              isDelete: true,
              model: { ai_name: 'x', emotion: 'y', language: code },
            },
            {
              id: `t${index}`,
              type: 'textImage',
              layer: 500,
              left: 100,
              top: 100,
              width: 1700,
              height: 200,
              text,
              fontSize: 60,
              fill: '#000000',
            },
          ],
        })),
      };
      const drawn = await drawScenes(payload, { scale: 0.5 });
      expect(drawn.warnings).toEqual([]);
      drawn.scenes.forEach((scene, index) => {
        const ink = findPixels(decodePng(scene.png), (c) => c[0] < 100);
        expect(ink, languages[index]?.[0]).toBeDefined();
        expect(ink!.count, languages[index]?.[0]).toBeGreaterThan(1000);
        expect(ink!.left).toBeGreaterThanOrEqual(48);
        expect(ink!.top).toBeGreaterThanOrEqual(50);
      });
    },
  );

  it('warns with what to install when no font draws a script, and still draws Latin from npm fonts alone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-fonts-'));
    dirs.push(dir);
    const payload = {
      scenes: [
        {
          sceneIdx: 0,
          background: { source_type: 'color', source_color: '#ffffff' },
          clips: [
            {
              id: 't',
              type: 'textImage',
              layer: 1,
              left: 100,
              top: 100,
              width: 1500,
              height: 200,
              text: 'Hello வணக்கம் 🎉',
              fontSize: 60,
              fill: '#000000',
            },
          ],
        },
      ],
    };
    const drawn = await drawScenes(payload, { systemFonts: false, fontDirs: [dir] });
    expect(drawn.warnings.map((w) => w.message)).toEqual([
      'Font family "Noto Sans CJK" is not installed: drawn with DejaVu Sans; install fonts-noto-cjk (Debian/Ubuntu) or pass fontDirs',
      expect.stringMatching(
        /^No installed font draws வ \(U\+0BB5\), ண \(U\+0BA3\), .*: install fonts-noto-core and fonts-noto-cjk \(Debian\/Ubuntu\) or pass fontDirs$/,
      ),
      'Emoji 🎉 (U+1F389) are left blank: the preview draws no emoji',
    ]);
    expect(findPixels(decodePng(drawn.scenes[0]!.png), (c) => c[0] < 100)!.count).toBeGreaterThan(500);
  });

  it('reports a missing family once for a whole video, with the Debian package to install', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-fonts-'));
    dirs.push(dir);
    const text = (id: string, fontFamily: string) => ({
      id,
      type: 'textImage',
      layer: 1,
      left: 100,
      top: 100,
      width: 800,
      height: 100,
      text: 'Hello',
      fontSize: 40,
      fontFamily,
    });
    const scene = (sceneIdx: number) => ({
      sceneIdx,
      background: { source_type: 'color', source_color: '#ffffff' },
      clips: [text(`a${sceneIdx}`, 'Noto Sans CJK'), text(`b${sceneIdx}`, 'Acme Grotesk')],
    });
    const payload = { scenes: [scene(0), scene(1), scene(2)] };
    const drawn = await drawScenes(payload, { systemFonts: false, fontDirs: [dir], scale: 0.25 });
    expect(drawn.warnings.map((w) => `${w.message} @ ${w.path.join('.')}`)).toEqual([
      'Font family "Noto Sans CJK" is not installed: drawn with DejaVu Sans; install fonts-noto-cjk (Debian/Ubuntu) ' +
        'or pass fontDirs (and 2 more clips) @ scenes.0.clips.0.fontFamily',
      'Font family "Acme Grotesk" is not installed: drawn with DejaVu Sans; pass fontDirs with a folder holding its ' +
        'font files (and 2 more clips) @ scenes.0.clips.1.fontFamily',
    ]);
  });
});
