import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart-body.js';

async function text(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of chunks) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

describe('multipartBody', () => {
  it('encodes fields and files with a known length that matches the bytes', async () => {
    const body = multipartBody(
      [
        { name: 'target_0', value: 'es-ES' },
        {
          name: 'file',
          fileName: 'a "b".mp4',
          contentType: 'video/mp4',
          source: { kind: 'blob', blob: new Blob(['VIDEO']) },
        },
      ],
      'BOUNDARY',
    );
    const encoded = await text(body.chunks());
    expect(encoded).toBe(
      '--BOUNDARY\r\nContent-Disposition: form-data; name="target_0"\r\n\r\nes-ES\r\n' +
        '--BOUNDARY\r\nContent-Disposition: form-data; name="file"; filename="a %22b%22.mp4"\r\nContent-Type: video/mp4\r\n\r\nVIDEO\r\n' +
        '--BOUNDARY--\r\n',
    );
    expect(body.length).toBe(Buffer.byteLength(encoded));
    expect(body.contentType).toBe('multipart/form-data; boundary=BOUNDARY');
  });

  it('has no length when a part is a stream', async () => {
    async function* stream() {
      yield new Uint8Array([104, 105]);
    }
    const body = multipartBody(
      [
        {
          name: 'file',
          fileName: 'x.bin',
          contentType: 'application/octet-stream',
          source: { kind: 'stream', stream: stream() },
        },
      ],
      'B',
    );
    expect(body.length).toBeUndefined();
    expect(await text(body.chunks())).toContain('\r\n\r\nhi\r\n--B--\r\n');
  });
});
