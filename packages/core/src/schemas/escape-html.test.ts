import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { spokenText } from '../cubes/spoken-text.js';
import { escapeHtml } from './escape-html.js';

describe('escapeHtml', () => {
  it('escapes the five characters that change the meaning of HTML text', () => {
    expect(escapeHtml(`Tom & Jerry <3 "quoted" it's`)).toBe('Tom &amp; Jerry &lt;3 &quot;quoted&quot; it&#39;s');
  });

  it('escapes an ampersand once, so an entity in the input stays visible text', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });

  it('is read back by spokenText as the text it escaped', () => {
    const text = `<b>Q&A</b> "now" isn't > later`;
    expect(spokenText(escapeHtml(text))).toBe(text);
  });

  it('leaves text without any of the five as it is, and escapes each one wherever it stands', () => {
    expect(escapeHtml('Plain text, 한국어 and émoji 🎬')).toBe('Plain text, 한국어 and émoji 🎬');
    expect(escapeHtml('')).toBe('');
    for (const [char, entity] of [
      ['&', '&amp;'],
      ['<', '&lt;'],
      ['>', '&gt;'],
      ['"', '&quot;'],
      ["'", '&#39;'],
    ] as const) {
      expect(escapeHtml(char)).toBe(entity);
      expect(escapeHtml(`a${char}b${char}`)).toBe(`a${entity}b${entity}`);
    }
  });

  it('gives what replacing each of the five by its entity gives, for any text', () => {
    const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
    const text = fc.string({
      unit: fc.constantFrom('&', '<', '>', '"', "'", 'a', ' ', ';', '한', '\u00e9', '\ud83c', '=', '?'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ unit: 'binary', maxLength: 40 })), (t) => {
        expect(escapeHtml(t)).toBe(t.replace(/[&<>"']/g, (c) => entities[c]!));
      }),
      { numRuns: 3000 },
    );
  });
});
