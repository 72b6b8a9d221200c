import { describe, expect, it } from 'vitest';
import { clipId } from './clip-id.js';

describe('clipId', () => {
  it('gives the ids payloads already carry', () => {
    expect(clipId('textImage', 0, '2')).toBe('textImage-4d7e6b36');
    expect(clipId('aiModel', 12, 'k:12/1')).toBe('aiModel-2ed0bd91');
    expect(clipId('shape', 3, 'k:a/0#1')).toBe('shape-179e4d62');
  });

  it('writes the hash as 8 hex digits, leading zeros kept', () => {
    expect(clipId('image', 0, '14')).toBe('image-020038b5');
  });
});
