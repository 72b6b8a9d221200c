import { describe, expect, it } from 'vitest';
import { drawScenes } from '../draw-scenes.js';
import { needsNotoFonts, notoFontsMissing } from '../fonts/test-noto-fonts.js';
import { findTextOverflow } from '../text/text-overflow.js';

/** A one-scene payload holding one text clip, `box` in canvas pixels. */
function textPayload(text: string, box: { width: number; height: number; scaleY?: number }, extra: object = {}) {
  return {
    scenes: [
      {
        sceneIdx: 0,
        background: { id: 'bg', type: 'background', source_type: 'color', source_color: '#ffffff' },
        clips: [
          {
            id: 't',
            name: 't',
            type: 'textImage',
            layer: 1,
            left: 100,
            top: 100,
            text,
            fontSize: 48,
            ...box,
            ...extra,
          },
        ],
      },
    ],
  };
}

const overflow = async (payload: object, systemFonts = false): Promise<string[]> =>
  (await drawScenes(payload, { systemFonts, scale: 0.25 })).warnings
    .filter((w) => w.code === 'layout')
    .map((w) => `${w.message} @ ${w.path.join('.')}`);

describe('text that needs more room than its box is named with the measured numbers', () => {
  it('six lines in a 200 px box: the height needed and how far it runs past', async () => {
    const six = textPayload(
      'One\nTwo\nThree\nFour\nFive\nSix',
      { width: 600, height: 200 },
      { fontFamily: 'DejaVu Sans' },
    );
    expect(await overflow(six)).toEqual([
      'text needs 6 lines, 334 px high, in a box 200 px high: 134 px run past its bottom; enlarge the box, shorten ' +
        'the text or lower fontSize @ scenes.0.clips.0.text',
    ]);
  });

  it('counts in canvas pixels when the box is scaled', async () => {
    const scaled = textPayload(
      'One\nTwo\nThree',
      { width: 600, height: 100, scaleY: 2 },
      { fontFamily: 'DejaVu Sans' },
    );
    expect(await overflow(scaled)).toEqual([
      'text needs 3 lines, 334 px high, in a box 200 px high: 134 px run past its bottom; enlarge the box, shorten ' +
        'the text or lower fontSize @ scenes.0.clips.0.text',
    ]);
  });

  it('a word wider than the box wraps inside it, and the extra line is named', async () => {
    const word = textPayload('Supercalifragilistic', { width: 300, height: 80 }, { fontFamily: 'DejaVu Sans' });
    expect(await overflow(word)).toEqual([
      'text needs 2 lines, 111 px high, in a box 80 px high: 31 px run past its bottom; enlarge the box, shorten ' +
        'the text or lower fontSize @ scenes.0.clips.0.text',
    ]);
  });

  it('Arabic wrapped into more lines than the box holds', async () => {
    const arabic = textPayload(
      'مرحبا بكم في جولة المنتج الجديدة لهذا العام',
      { width: 300, height: 60 },
      {
        fontFamily: 'DejaVu Sans',
      },
    );
    expect(await overflow(arabic)).toEqual([
      expect.stringMatching(/^text needs [3-9] lines, \d+ px high, in a box 60 px high: \d+ px run past its bottom/),
    ]);
  });

  it.skipIf(notoFontsMissing !== undefined)(
    needsNotoFonts('Japanese broken anywhere: by height only, never by width'),
    async () => {
      const japanese = textPayload(
        '製品ツアーへようこそ。新しい機能をご紹介します。',
        { width: 300, height: 60 },
        {
          fontFamily: 'Noto Sans CJK JP',
        },
      );
      expect(await overflow(japanese, true)).toEqual([
        expect.stringMatching(/^text needs [4-9] lines, \d+ px high, in a box 60 px high: \d+ px run past its bottom/),
      ]);
    },
  );

  it('says nothing of text that fits', async () => {
    const fits = textPayload('Spring sale', { width: 600, height: 80 }, { fontFamily: 'DejaVu Sans' });
    expect(await overflow(fits)).toEqual([]);
  });

  it('findTextOverflow measures without drawing and finds what drawing finds', async () => {
    const payloads = [
      textPayload('One\nTwo\nThree\nFour\nFive\nSix', { width: 600, height: 200 }, { fontFamily: 'DejaVu Sans' }),
      textPayload(
        'مرحبا بكم في جولة المنتج الجديدة لهذا العام',
        { width: 300, height: 60 },
        { fontFamily: 'DejaVu Sans' },
      ),
      textPayload('Spring sale', { width: 600, height: 80 }, { fontFamily: 'DejaVu Sans' }),
    ];
    for (const payload of payloads) {
      const measured = findTextOverflow(payload, { systemFonts: false }).map(
        (w) => `${w.message} @ ${w.path.join('.')}`,
      );
      expect(measured).toEqual(await overflow(payload));
    }
    expect(findTextOverflow(payloads[0], { systemFonts: false })).toHaveLength(1);
  });
});
