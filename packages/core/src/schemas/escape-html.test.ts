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
});
