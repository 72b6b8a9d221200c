import { inflateSync } from 'node:zlib';

export interface DecodedPng {
  readonly width: number;
  readonly height: number;
  /** RGBA, row by row. */
  readonly pixels: Uint8Array;
}

/**
 * Decodes the 8-bit, non-interlaced RGB/RGBA PNGs resvg writes into RGBA pixels, so a caller can read what a
 * storyboard shows; other PNGs throw.
 *
 * @example const [r, g, b] = decodePng(readFileSync('preview/scene-000.png')).pixels // top-left pixel
 */
export function decodePng(bytes: Uint8Array): DecodedPng {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG file');
  let at = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const idat: Buffer[] = [];
  while (at < data.length) {
    const length = data.readUInt32BE(at);
    const type = data.toString('latin1', at + 4, at + 8);
    const body = data.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8];
      const colour = body[9];
      if (depth !== 8 || (colour !== 6 && colour !== 2) || body[12] !== 0) {
        throw new Error(`unsupported PNG (bit depth ${depth}, colour type ${colour}, interlace ${body[12]})`);
      }
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') idat.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const current = new Uint8Array(stride);
  const previous = new Uint8Array(stride);
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? (current[x - channels] ?? 0) : 0;
      const b = previous[x] ?? 0;
      const c = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const value = row[x] ?? 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      current[x] = (value + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const to = (y * width + x) * 4;
      pixels[to] = current[x * channels] ?? 0;
      pixels[to + 1] = current[x * channels + 1] ?? 0;
      pixels[to + 2] = current[x * channels + 2] ?? 0;
      pixels[to + 3] = channels === 4 ? (current[x * channels + 3] ?? 0) : 255;
    }
    previous.set(current);
  }
  return { width, height, pixels };
}
