import { describe, expect, it } from 'vitest';
import { startTextMeasurer } from './text-measurer.js';

const payload = {
  scenes: [
    {
      clips: [
        { type: 'textImage', text: 'One\nTwo\nThree', fontFamily: 'DejaVu Sans', fontSize: 48 },
        { type: 'textImage', text: 'Fits', fontFamily: 'DejaVu Sans', fontSize: 48 },
      ].map((clip) => ({ ...clip, left: 0, top: 0, width: 600, height: 100 })),
    },
  ],
};

describe('startTextMeasurer', () => {
  // Under vitest the worker cannot load the TypeScript module, so this also covers measuring on this thread.
  it('returns the text that needs more lines than its box, at its payload path', async () => {
    const found = await startTextMeasurer().measure(payload);
    expect(found.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'scenes.0.clips.0.text',
        'text needs 3 lines, 167 px high, in a box 100 px high: 67 px run past its bottom; enlarge the box, ' +
          'shorten the text or lower fontSize',
      ],
    ]);
  });
});
