import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff-delay.js';
import { parseRetryAfter } from './parse-retry-after.js';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  it('reads seconds and HTTP dates, never negative', () => {
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('0.5', now)).toBe(500);
    expect(parseRetryAfter('Fri, 01 May 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Fri, 01 May 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('Friday, 01-May-26 12:00:30 GMT', now)).toBe(30_000);
  });
  it('ignores an absent or unreadable header', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('', now)).toBeUndefined();
    for (const text of ['-1', '-0.5', '+5', '1 2', '3, 4', '2026-05-01', 'may 5'])
      expect(parseRetryAfter(text, now), text).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('doubles per attempt with half of it jittered, and stops at the cap', () => {
    const at = (attempt: number, random: number) =>
      backoffDelay(attempt, { baseDelayMs: 100, maxDelayMs: 1000, random: () => random });
    expect([1, 2, 3, 4, 5].map((n) => at(n, 0))).toEqual([50, 100, 200, 400, 500]);
    expect([1, 2, 3, 4, 5].map((n) => at(n, 0.999999))).toEqual([100, 200, 400, 800, 1000]);
  });
});
