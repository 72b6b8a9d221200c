import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clipId, formatClipId } from './clip-id.js';

/** DESIGN.md's rule written plainly: FNV-1a over the UTF-16 units of `${scene}/${path}`, 8 hex digits. */
function plainClipId(type: string, sceneIndex: number, elementPath: string): string {
  const input = `${sceneIndex}/${elementPath}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) {
    hash ^= input.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${type}-${hash.toString(16).padStart(8, '0')}`;
}

describe('clipId', () => {
  it('gives the ids payloads already carry', () => {
    expect(clipId('textImage', 0, '2')).toBe('textImage-4d7e6b36');
    expect(clipId('aiModel', 12, 'k:12/1')).toBe('aiModel-2ed0bd91');
    expect(clipId('shape', 3, 'k:a/0#1')).toBe('shape-179e4d62');
  });

  it('equals the plain FNV-1a rule for any scene index and element path', () => {
    fc.assert(
      fc.property(fc.constantFrom('aiModel', 'textImage', 'image', 'shape', 'videoImage', 'audio'), fc.nat({ max: 100_000 }), fc.string({ unit: 'binary', maxLength: 30 }), (type, scene, path) => {
        expect(clipId(type, scene, path)).toBe(plainClipId(type, scene, path));
      }),
      { numRuns: 300 },
    );
  });

  it('formats any 32-bit hash as 8 lowercase hex digits', () => {
    expect(formatClipId('shape', 0)).toBe('shape-00000000');
    expect(formatClipId('shape', 0xffffffff)).toBe('shape-ffffffff');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (hash) => {
        expect(formatClipId('image', hash)).toBe(`image-${hash.toString(16).padStart(8, '0')}`);
      }),
      { numRuns: 1000 },
    );
  });
});
