import { describe, expect, it } from 'vitest';
import { bidiLevels, paragraphDirection, visualRuns } from './bidi-order.js';

/** The runs of a line in visual order, each as [text in logical order, shaped right to left]. */
const order = (text: string, base = paragraphDirection(text)) =>
  visualRuns(
    [...text].map((char) => ({ char })),
    () => 'one face',
    base,
  ).map((run) => [run.items.map((item) => item.char).join(''), run.rtl]);

describe('bidi order', () => {
  it('takes the paragraph direction from the first letter', () => {
    expect(paragraphDirection('2024 مرحبا abc')).toBe('rtl');
    expect(paragraphDirection('Hello مرحبا')).toBe('ltr');
    expect(paragraphDirection('12 !')).toBe('ltr');
  });

  it('keeps an Arabic-only line one right-to-left run', () => {
    expect(order('مرحبا بكم في عرضنا')).toEqual([['مرحبا بكم في عرضنا', true]]);
  });

  it('keeps numbers left to right inside Arabic and Hebrew, with the words around them reversed', () => {
    expect(bidiLevels([...'أ 12'], 'rtl')).toEqual([1, 1, 2, 2]);
    // Visual order left to right: the last word, the number, the first word (each run's glyphs are reversed by the
    // shaper).
    expect(order('خصم 20% حتى 2027')).toEqual([
      ['2027', false],
      [' حتى ', true],
      ['20%', false],
      ['خصم ', true],
    ]);
    expect(order('שלום 1,000.5 עולם')).toEqual([
      [' עולם', true],
      ['1,000.5', false],
      ['שלום ', true],
    ]);
  });

  it('places Latin words inside an Arabic paragraph right to left as wholes, and Arabic inside a Latin one', () => {
    expect(order('مرحبا Ana في Lisbon!')).toEqual([
      ['!', true],
      ['Lisbon', false],
      [' في ', true],
      ['Ana', false],
      ['مرحبا ', true],
    ]);
    expect(order('Price: 20% مرحبا بكم')).toEqual([
      ['Price: 20% ', false],
      ['مرحبا بكم', true],
    ]);
    // Neutrals between Arabic and Latin take the paragraph's direction.
    expect(order('abc مرحبا def')).toEqual([
      ['abc ', false],
      ['مرحبا', true],
      [' def', false],
    ]);
  });

  it('never joins items of different keys (fonts) into one run', () => {
    const items = [...'ab مر'].map((char, i) => ({ char, face: i < 3 ? 'latin' : 'arabic' }));
    expect(
      visualRuns(items, (item) => item.face, 'ltr').map((run) => run.items.map((item) => item.char).join('')),
    ).toEqual(['ab ', 'مر']);
  });
});
