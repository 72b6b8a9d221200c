import { describe, expect, it } from 'vitest';
import { estimateCubes } from './estimate-cubes.js';

const twoScenes = {
  scenes: [{ scripts: [{ org: `<p>${'a'.repeat(150)}</p>` }] }, { scripts: [{ org: 'hi &amp; bye' }] }],
};

describe('estimateCubes', () => {
  it('charges an exported payload per scene and per started 100 spoken characters, tags removed', () => {
    // 2 scenes + ⌈(150 + 8) / 100⌉ ("hi & bye")
    expect(estimateCubes({ kind: 'create', body: twoScenes })).toBe(2 + 2);
    expect(estimateCubes({ kind: 'legacy', body: { scenes: [{ AIModel: { script: 'x'.repeat(101) } }] } })).toBe(1 + 2);
    expect(estimateCubes({ kind: 'legacy-audio', body: { text: 'y'.repeat(250) } })).toBe(3);
    expect(estimateCubes({ kind: 'dubbing', targets: 3 })).toBe(6);
  });

  it('decides the export as the service does unless told', () => {
    expect(estimateCubes({ kind: 'create', body: { ...twoScenes, isExport: false } })).toBe(0);
    expect(estimateCubes({ kind: 'edit', body: twoScenes })).toBe(4);
    expect(estimateCubes({ kind: 'modify', body: twoScenes })).toBe(0);
    expect(estimateCubes({ kind: 'modify', body: { ...twoScenes, isExport: true } })).toBe(4);
    expect(estimateCubes({ kind: 'modify', body: twoScenes, exported: true })).toBe(4);
  });

  it('reads the body in the given format (a modify of a legacy project)', () => {
    const legacy = { scenes: [{ AIModel: { script: 'x'.repeat(101) } }] };
    expect(estimateCubes({ kind: 'modify', body: legacy, format: 'legacy', exported: true })).toBe(1 + 2);
  });

  it('applies some rates or a cost function, and rejects a function that returns no integer ≥ 0', () => {
    expect(estimateCubes({ kind: 'create', body: twoScenes, rates: { perScene: 10 } })).toBe(20 + 2);
    const seen: unknown[] = [];
    const cost = (input: unknown): number => (seen.push(input), 5);
    expect(estimateCubes({ kind: 'create', body: twoScenes, rates: cost })).toBe(5);
    expect(seen).toEqual([{ kind: 'create', exported: true, scenes: 2, scriptChars: 158, targets: 0 }]);
    expect(() => estimateCubes({ kind: 'create', body: twoScenes, rates: () => 1.5 })).toThrow(
      'the cubeCost function returned 1.5; it must return an integer ≥ 0',
    );
    expect(() => estimateCubes({ kind: 'create', body: twoScenes, rates: () => -1 })).toThrow(
      'the cubeCost function returned -1; it must return an integer ≥ 0',
    );
  });
});
