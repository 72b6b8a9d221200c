import { describe, expect, it } from 'vitest';
import { attachmentDisposition, safeFileName } from './safe-file-name.js';

describe('safeFileName', () => {
  it('keeps the last path segment of either separator, without quotes, controls or leading dots', () => {
    expect(safeFileName('../../../../tmp/x')).toBe('x');
    expect(safeFileName('C:\\videos\\promo "final".mp4')).toBe('promo _final_.mp4');
    expect(safeFileName('a\r\nSet-Cookie: x.mp4')).toBe('a__Set-Cookie: x.mp4');
    expect(safeFileName('..')).toBe('upload');
    expect(safeFileName('.hidden.mp4')).toBe('hidden.mp4');
    expect(safeFileName('dir/')).toBe('upload');
    expect(safeFileName('x'.repeat(300))).toHaveLength(200);
  });
});

describe('attachmentDisposition', () => {
  it('names the safe base name, with an ASCII fallback beside a UTF-8 name', () => {
    expect(attachmentDisposition('../../../../tmp/x')).toBe('attachment; filename="x"');
    expect(attachmentDisposition('北京.mp4')).toBe(
      `attachment; filename="__.mp4"; filename*=UTF-8''%E5%8C%97%E4%BA%AC.mp4`,
    );
  });
});
