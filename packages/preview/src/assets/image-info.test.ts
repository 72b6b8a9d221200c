import { describe, expect, it } from 'vitest';
import { encodePng } from '../png/encode-png.js';
import { imageInfo } from './image-info.js';

describe('imageInfo', () => {
  it('reads PNG, GIF, JPEG and SVG sizes', () => {
    expect(imageInfo(encodePng({ width: 40, height: 20, fill: [0, 0, 0, 255] }))).toEqual({
      mime: 'image/png',
      width: 40,
      height: 20,
    });
    const gif = Buffer.from('GIF89a\x0a\x00\x05\x00', 'latin1');
    expect(imageInfo(gif)).toEqual({ mime: 'image/gif', width: 10, height: 5 });
    // SOI, APP0 (16 bytes), SOF0 with height 300 and width 640.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Array(14).fill(0),
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0x2c,
      0x02,
      0x80,
      0x03,
    ]);
    expect(imageInfo(jpeg)).toEqual({ mime: 'image/jpeg', width: 640, height: 300 });
    expect(
      imageInfo(
        Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 60"></svg>'),
      ),
    ).toEqual({ mime: 'image/svg+xml', width: 120, height: 60 });
    expect(imageInfo(Buffer.from('<svg width="33px" height="44" xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      mime: 'image/svg+xml',
      width: 33,
      height: 44,
    });
  });

  it('returns undefined for bytes that are not an image', () => {
    expect(imageInfo(Buffer.from('<html>not found</html>'))).toBeUndefined();
  });
});
