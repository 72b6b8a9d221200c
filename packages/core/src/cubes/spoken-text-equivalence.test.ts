import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spokenText } from './spoken-text.js';

/** The rules one at a time, as a chain of replaces. */
function chain(markup: string): string {
  return markup
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/p>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const pieces = [
  '<br>',
  '<BR />',
  '<br/',
  '</p>',
  '</P>',
  '<p>',
  '<span class="x">',
  '<',
  '>',
  '/',
  'br',
  'p',
  '&',
  '&amp;',
  '&lt;',
  '&gt;',
  '&quot;',
  '&#39;',
  '&apos;',
  '&nbsp;',
  '&NBSP;',
  'amp;',
  'lt;',
  ';',
  '#39',
  ' ',
  '  ',
  '\n',
  '\t',
  '\u00a0',
  'a',
  'Tom',
  '北京',
  'é',
];

describe('spokenText', () => {
  it('reads every mix of tags, entities and white space as the rule-by-rule chain of replaces did', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        const markup = parts.join('');
        expect(spokenText(markup)).toBe(chain(markup));
      }),
      { numRuns: 3000 },
    );
  });

  it('keeps the edge cases of the order of the rules', () => {
    for (const markup of ['<a <br>b', '<x</p>>', '&amp;lt;', '&lt;b&gt;', '&amp;nbsp;x', '<br\n/>', 'a&#39;&apos;b'])
      expect(spokenText(markup)).toBe(chain(markup));
  });
});
