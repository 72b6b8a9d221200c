import { describe, expect, it } from 'vitest';
import { estimateCubes } from './estimate-cubes.js';

describe('estimateCubes', () => {
  it('charges an export per scene and per started 100 spoken characters, tags removed', () => {
    const body = { scenes: [{ scripts: [{ org: `<p>${'a'.repeat(150)}</p>` }] }, { scripts: [{ org: 'hi &amp; bye' }] }] };
    expect(estimateCubes({ kind: 'create', body })).toBe(2 + 2);
    expect(estimateCubes({ kind: 'create', body: { ...body, isExport: false } })).toBe(0);
    expect(estimateCubes({ kind: 'legacy', body: { scenes: [{ AIModel: { script: 'x'.repeat(101) } }] } })).toBe(1 + 2);
  });

  it('estimates a modify on its base project, or as a lower bound without one', () => {
    const base = { scenes: [{ scripts: [{ org: 'x'.repeat(90) }] }, { scripts: [{ org: 'y'.repeat(90) }] }] };
    const request = { kind: 'modify' as const, body: { projectId: 'p', isExport: true, updates: { scripts_1: 'z'.repeat(20), title: 'T' } } };
    expect(estimateCubes(request, { base })).toBe(2 + 2);
    expect(estimateCubes(request)).toBe(1 + 1);
    expect(estimateCubes({ kind: 'modify', body: { projectId: 'p', updates: { title: 'x' } } })).toBe(0);
  });
});
