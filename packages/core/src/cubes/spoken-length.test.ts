import { spokenText } from './spoken-text.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spokenLength } from './spoken-length.js';

// Pieces of script markup: breaks in their spellings, tags, stray brackets, entities (whole and
// cut), every kind of white space \s knows, and text in several scripts.
const piece = fc.constantFrom(
  '<p>', '</p>', '</P>', '<br>', '<BR/>', '<br />', '<br\n/>', '<br x>', '<span class="a">', '</span>', '<', '>', '/', 'br', 'p',
  '&amp;', '&lt;', '&nbsp;', '&#39;', '&am', '&', ';',
  ' ', '  ', '\n', '\t', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff', '\u2028', '\u200b',
  'Hi', 'Tom', '李雷', '🎉', 'é', 'x',
);

describe('spokenLength', () => {
  it('is the length of spokenText for any markup', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const markup = pieces.join('');
        expect(spokenLength(markup)).toBe(spokenText(markup).length);
      }),
      { numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (markup) => {
        expect(spokenLength(markup)).toBe(spokenText(markup).length);
      }),
      { numRuns: 2000 },
    );
  });

  it('counts folded and trimmed speech without tags', () => {
    expect(spokenLength('<p>Hi  Tom</p>')).toBe(6);
    expect(spokenLength('<p>Hi Person 1, Jr. from 北京, welcome to Company 1.</p>')).toBe('Hi Person 1, Jr. from 北京, welcome to Company 1.'.length);
    expect(spokenLength('a<br>b<br/>c</p>')).toBe(5);
    expect(spokenLength('Tom &amp; Jerry')).toBe(11);
    expect(spokenLength(' \u3000 ')).toBe(0);
  });
});
