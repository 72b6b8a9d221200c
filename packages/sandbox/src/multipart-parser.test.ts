import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartBoundary, parseMultipart, type MultipartFileSink } from './multipart-parser.js';

const boundary = '----vsynthBoundary7MA4YWxkTrZu0gW';
const fileBytes = Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 13) % 256));
// The file holds a near-boundary sequence, so a parser that matches too early would cut it.
const tricky = Buffer.concat([fileBytes, Buffer.from(`\r\n--${boundary.slice(0, -1)}X`), fileBytes]);

const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="target_0"\r\n\r\nes-ES\r\n`),
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="promo.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  ),
  tricky,
  Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="numberOfSpeakers"\r\n\r\nauto\r\n--${boundary}--\r\n`,
  ),
]);

async function parse(chunks: Buffer[], limit = 1_000_000) {
  const files: { name: string; fileName: string | undefined; contentType: string | undefined; bytes: Buffer }[] = [];
  async function* source() {
    for (const chunk of chunks) yield chunk;
  }
  const fields = await parseMultipart(source(), {
    boundary,
    limit,
    onFile: (part): MultipartFileSink => {
      const parts: Buffer[] = [];
      return {
        write: (chunk) => void parts.push(Buffer.from(chunk)),
        end: () => void files.push({ ...part, bytes: Buffer.concat(parts) }),
      };
    },
  });
  return { fields, files };
}

function split(buffer: Buffer, cuts: number[]): Buffer[] {
  const points = [...new Set(cuts.map((c) => c % (buffer.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let last = 0;
  for (const point of [...points, buffer.length]) {
    out.push(buffer.subarray(last, point));
    last = point;
  }
  return out;
}

describe('parseMultipart', () => {
  it('collects text fields and streams file parts to their sink', async () => {
    const { fields, files } = await parse([body]);
    expect(fields).toEqual({ target_0: 'es-ES', numberOfSpeakers: 'auto' });
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ name: 'file', fileName: 'promo.mp4', contentType: 'video/mp4' });
    expect(files[0]!.bytes.equals(tricky)).toBe(true);
  });

  it('gives the same result however the body is cut into chunks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 12 }), async (cuts) => {
        const { fields, files } = await parse(split(body, cuts));
        expect(fields).toEqual({ target_0: 'es-ES', numberOfSpeakers: 'auto' });
        expect(files[0]!.bytes.equals(tricky)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('reads a body sent one byte at a time', async () => {
    const { files } = await parse([...body].map((byte) => Buffer.from([byte])));
    expect(files[0]!.bytes.equals(tricky)).toBe(true);
  });

  it('stops with a 413 past the limit', async () => {
    await expect(parse([body], 100)).rejects.toMatchObject({ status: 413, code: 'payload_too_large' });
  });

  it('rejects a body without the closing boundary or with a wrong boundary', async () => {
    await expect(parse([body.subarray(0, body.length - 10)])).rejects.toMatchObject({
      status: 400,
      message: 'The multipart/form-data body is malformed: the body ended before the closing boundary.',
    });
    await expect(parse([Buffer.from('--other\r\n\r\n')])).rejects.toMatchObject({
      message: 'The multipart/form-data body is malformed: no part was found (is the boundary right?).',
    });
  });
});

describe('multipartBoundary', () => {
  it('reads plain and quoted boundaries, and nothing from other types', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary(undefined)).toBeUndefined();
  });
});
