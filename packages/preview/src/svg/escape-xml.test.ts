import { describe, expect, it } from 'vitest';
import { escapeXml } from './escape-xml.js';

describe('escapeXml', () => {
  it('escapes markup characters and quotes', () => {
    expect(escapeXml(`Tom & "Jerry" <3 'x'`)).toBe('Tom &amp; &quot;Jerry&quot; &lt;3 &apos;x&apos;');
  });

  it('drops control characters XML cannot carry and keeps tabs, newlines and any script', () => {
    expect(escapeXml('a\u0000b\u0007c\td\ne 你好 مرحبا')).toBe('abc\td\ne 你好 مرحبا');
  });
});
