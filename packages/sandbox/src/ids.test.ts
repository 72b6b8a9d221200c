import { describe, expect, it } from 'vitest';
import { newObjectId } from './ids.js';

describe('newObjectId', () => {
  it('is 24 hex characters led by the creation second, and never repeats', () => {
    const now = Date.parse('2026-11-24T12:00:00.500Z');
    const ids = Array.from({ length: 5000 }, (_, i) => newObjectId(now + i));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(ids[0]!.slice(0, 8)).toBe((Date.parse('2026-11-24T12:00:00Z') / 1000).toString(16));
    expect(ids[4999]!.slice(0, 8)).toBe((Date.parse('2026-11-24T12:00:05Z') / 1000).toString(16));
    expect(new Set(ids).size).toBe(5000);
    expect(new Set(ids.map((id) => id.slice(8))).size).toBe(5000);
  });
});
