import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';

/**
 * An answer's body as sent before `Content-Encoding` (gzip, deflate, br), as fetch would hand it
 * over. The client asks for no encoding, but a gateway may compress anyway. Unknown or absent
 * encodings leave the bytes as they are.
 *
 * @example decodeContent(gzipSync('{"projectId":"p"}'), 'gzip').toString() // '{"projectId":"p"}'
 */
export function decodeContent(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === undefined || body.length === 0) return body;
  switch (encoding.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      // Some servers send raw deflate under this name: zlib's header byte tells them apart.
      return ((body[0] ?? 0) & 0x0f) === 0x08 ? inflateSync(body) : inflateRawSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}
