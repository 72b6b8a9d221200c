import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_CHARS, namesProject, rowProjectName } from './project-name.js';

describe('rowProjectName', () => {
  it('carries the correlation id and the row key on one line', () => {
    expect(rowProjectName('b1.7', 'ana@example.com')).toBe('vsynth b1.7 ana@example.com');
    expect(rowProjectName('b1.8', ' two\r\nlines\u0000 ')).toBe('vsynth b1.8 two lines');
    expect(rowProjectName('b1.9', '\n')).toBe('vsynth b1.9');
  });

  it('cuts a long key with … to the limit, never inside a character', () => {
    const name = rowProjectName('b1.12', '🎉'.repeat(200));
    expect([...name]).toHaveLength(PROJECT_NAME_MAX_CHARS);
    expect(name.startsWith('vsynth b1.12 🎉')).toBe(true);
    expect(name.endsWith('🎉…')).toBe(true);
    expect(rowProjectName('b1.1', 'x'.repeat(88))).toBe(`vsynth b1.1 ${'x'.repeat(88)}`);
    expect(rowProjectName('b1.1', 'x'.repeat(89))).toBe(`vsynth b1.1 ${'x'.repeat(87)}…`);
  });
});

describe('namesProject', () => {
  it('names creates whose template sets no name, unless turned off', () => {
    expect(namesProject('create', {}, true)).toBe(true);
    expect(namesProject('create', { name: '' }, true)).toBe(true);
    expect(namesProject('create', { name: 'Welcome Ada' }, true)).toBe(false);
    expect(namesProject('create', {}, false)).toBe(false);
    expect(namesProject('modify', {}, true)).toBe(false);
    expect(namesProject('legacy', {}, true)).toBe(false);
  });
});
