import { describe, expect, it } from 'vitest';
import { MODIFY_KEY_PATTERN, parseModifyKey } from './modify.js';

describe('parseModifyKey', () => {
  it('reads tag and index; no suffix is index 0', () => {
    expect(parseModifyKey('title')).toEqual({ tag: 'title', index: 0 });
    expect(parseModifyKey('subtitles_3')).toEqual({ tag: 'subtitles', index: 3 });
    expect(parseModifyKey('scripts_12')).toEqual({ tag: 'scripts', index: 12 });
  });

  it('rejects anything else', () => {
    for (const key of ['Title', 'title_', 'title_-1', 'title_1_2', 'headline', 'scripts_x', ' title', 'title_1 ']) {
      expect(parseModifyKey(key), key).toBeUndefined();
      expect(MODIFY_KEY_PATTERN.test(key)).toBe(false);
    }
  });
});
