import { describe, expect, it } from 'vitest';
import { closestName } from './closest-name.js';

describe('closestName', () => {
  it('prefers a case-insensitive match over a nearer-looking one', () => {
    expect(closestName('EMAIL', ['emails', 'Email'])).toBe('Email');
  });

  it('finds the nearest name by edit distance', () => {
    expect(closestName('backgroud', ['background', 'watermark'])).toBe('background');
    expect(closestName('frstName', ['firstName', 'lastName', 'email'])).toBe('firstName');
    expect(closestName('colour', ['color', 'colors'])).toBe('color');
  });

  it('keeps the first of equally near names', () => {
    expect(closestName('cat', ['bat', 'hat'])).toBe('bat');
  });

  it('accepts at most 2 edits, or a third of a longer name, and nothing further', () => {
    expect(closestName('ab', ['xy'])).toBe('xy');
    expect(closestName('abc', ['xyz'])).toBeUndefined();
    expect(closestName('abcdefghi', ['abcxyzghi'])).toBe('abcxyzghi');
    expect(closestName('abcdefghi', ['abwxyzghi'])).toBeUndefined();
  });

  it('returns undefined for no candidates', () => {
    expect(closestName('title', [])).toBeUndefined();
  });
});
