export interface ImageInfo {
  readonly mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'image/svg+xml';
  readonly width: number;
  readonly height: number;
}

/**
 * The media type and pixel size of a PNG, JPEG, GIF, WebP or SVG image from its first bytes; undefined for
 * anything else.
 */
export function imageInfo(bytes: Uint8Array): ImageInfo | undefined {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47) {
    return { mime: 'image/png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data.length >= 10 && data.toString('latin1', 0, 3) === 'GIF') {
    return { mime: 'image/gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
  }
  if (data.length >= 4 && data[0] === 0xff && data[1] === 0xd8) return jpegInfo(data);
  const riff = data.length >= 30 && data.toString('latin1', 0, 4) === 'RIFF';
  if (riff && data.toString('latin1', 8, 12) === 'WEBP') return webpInfo(data);
  const head = data.toString('utf8', 0, Math.min(data.length, 2048));
  if (/<svg[\s>]/i.test(head)) return svgInfo(head);
  return undefined;
}

function jpegInfo(data: Buffer): ImageInfo | undefined {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] ?? 0;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01 || marker === 0xff) {
      at += marker === 0xff ? 1 : 2;
      continue;
    }
    const length = data.readUInt16BE(at + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { mime: 'image/jpeg', height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

function webpInfo(data: Buffer): ImageInfo | undefined {
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') {
    return { mime: 'image/webp', width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  }
  if (chunk === 'VP8 ') {
    return { mime: 'image/webp', width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { mime: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return undefined;
}

function svgInfo(head: string): ImageInfo {
  const tag = /<svg[^>]*>/i.exec(head)?.[0] ?? '';
  const number = (name: string): number | undefined => {
    const match = new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)(px)?\\s*["']`, 'i').exec(tag);
    return match?.[1] ? Number(match[1]) : undefined;
  };
  const viewBox = /viewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)/i.exec(tag);
  return {
    mime: 'image/svg+xml',
    width: number('width') ?? Number(viewBox?.[1] ?? 300),
    height: number('height') ?? Number(viewBox?.[2] ?? 150),
  };
}
