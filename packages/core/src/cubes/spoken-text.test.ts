import { describe, expect, it } from 'vitest';
import { spokenText } from './spoken-text.js';

describe('spokenText', () => {
  it('removes tags, decodes the entities the compiler writes and trims', () => {
    expect(
      spokenText('<p> Tom &amp; Jerry &lt;3, <span class="x">&quot;hi&quot;</span>&nbsp;it&#39;s &amp;lt; </p>'),
    ).toBe('Tom & Jerry <3, "hi" it\'s &lt;');
  });

  it('reads anything but a string as no text', () => {
    expect(spokenText(undefined)).toBe('');
    expect(spokenText(42)).toBe('');
  });

  it('reads paragraph ends and line breaks as spaces and folds white space, as a listener hears it', () => {
    expect(spokenText('<p>Tom &amp; Jerry</p><p>again</p>')).toBe('Tom & Jerry again');
    expect(spokenText('one<br>two<BR/>three &apos;four&apos;\n\t five')).toBe("one two three 'four' five");
  });
});
