import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeContent } from './decode-content.js';

const text = '{"projectId":"p-가나다"}';

describe('decodeContent', () => {
  it('undoes gzip, deflate (zlib or raw) and br, whatever the case and spacing of the header', () => {
    const cases: [Buffer, string][] = [
      [gzipSync(text), 'gzip'],
      [gzipSync(text), ' X-GZIP '],
      [deflateSync(text), 'deflate'],
      [deflateRawSync(text), 'deflate'],
      [brotliCompressSync(text), 'br'],
    ];
    for (const [body, encoding] of cases) expect(decodeContent(body, encoding).toString('utf8')).toBe(text);
  });

  it('leaves bytes alone without an encoding, with identity or an unknown one, and when empty', () => {
    const body = Buffer.from(text);
    expect(decodeContent(body, undefined)).toBe(body);
    expect(decodeContent(body, 'identity')).toBe(body);
    expect(decodeContent(body, 'zstd-unknown')).toBe(body);
    expect(decodeContent(Buffer.alloc(0), 'gzip').length).toBe(0);
  });

  it('throws zlib\'s error for bytes that are not what the header says', () => {
    expect(() => decodeContent(Buffer.from(text), 'gzip')).toThrow(expect.objectContaining({ code: 'Z_DATA_ERROR' }));
  });
});
