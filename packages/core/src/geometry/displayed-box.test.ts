import { describe, expect, it } from 'vitest';
import { displayedBox } from './displayed-box.js';

describe('displayedBox', () => {
  it('multiplies width and height by scaleX and scaleY, defaulting to 1', () => {
    expect(displayedBox({ left: 10, top: 20, width: 100, height: 50, scaleX: 2, scaleY: 3 })).toEqual({
      left: 10,
      top: 20,
      width: 200,
      height: 150,
    });
    expect(displayedBox({ left: 10, top: 20, width: 100, height: 50 })).toEqual({
      left: 10,
      top: 20,
      width: 100,
      height: 50,
    });
  });

  it('further multiplies an aiModel clip by model.editor.scale, and only an aiModel clip', () => {
    const model = { editor: { scale: 0.8 } };
    expect(
      displayedBox({ type: 'aiModel', left: 0, top: 0, width: 500, height: 1000, scaleX: 1.5, scaleY: 1.5, model }),
    ).toEqual({
      left: 0,
      top: 0,
      width: 600,
      height: 1200,
    });
    expect(displayedBox({ type: 'aiModel', left: 0, top: 0, width: 500, height: 1000, model: {} })).toEqual({
      left: 0,
      top: 0,
      width: 500,
      height: 1000,
    });
    expect(displayedBox({ type: 'image', left: 0, top: 0, width: 500, height: 1000, model })).toEqual({
      left: 0,
      top: 0,
      width: 500,
      height: 1000,
    });
  });

  it('names the field that is not a number', () => {
    expect(() =>
      displayedBox(
        { left: 0, top: 0, width: '10' as unknown as number, height: 5 },
        { path: ['scenes', 0, 'clips', 3] },
      ),
    ).toThrow(/Geometry needs a finite number here, received "10"\n {2}→ at scenes\[0\]\.clips\[3\]\.width/);
  });
});
