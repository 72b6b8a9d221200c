import { describe, expect, it } from 'vitest';
import { measuresText } from './measures-text.js';

describe('measuresText', () => {
  it('is true for compile and submit of a video with the checks on', () => {
    expect(measuresText(['compile', 'video.tsx'])).toBe(true);
    expect(measuresText(['compile', 'video.tsx', '--report', '--target', 'v3'])).toBe(true);
    expect(measuresText(['submit', 'video.tsx', '--wait'])).toBe(true);
  });

  it('is false where nothing is measured: checks off, legacy, a JSON payload, help, other commands', () => {
    expect(measuresText(['compile', 'video.tsx', '--no-checks'])).toBe(false);
    expect(measuresText(['compile', 'video.tsx', '--target', 'legacy'])).toBe(false);
    expect(measuresText(['submit', 'video.tsx', '--target=legacy'])).toBe(false);
    expect(measuresText(['submit', 'payload.JSON'])).toBe(false);
    expect(measuresText(['compile', '--help'])).toBe(false);
    expect(measuresText(['help', 'compile'])).toBe(false);
    expect(measuresText(['preview', 'video.tsx'])).toBe(false);
    expect(measuresText([])).toBe(false);
  });
});
