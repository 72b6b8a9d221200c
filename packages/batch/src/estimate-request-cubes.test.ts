import { describe, expect, it } from 'vitest';
import { estimateRequestCubes, requestCubeEstimator } from './estimate-request-cubes.js';

// Payload estimates (create, legacy) are @vsynth/core's estimateCubes, tested there.
describe('estimateRequestCubes', () => {
  it('estimates a modify on its base project, or as a lower bound without one', () => {
    const base = { scenes: [{ scripts: [{ org: 'x'.repeat(90) }] }, { scripts: [{ org: 'y'.repeat(90) }] }] };
    const request = {
      kind: 'modify' as const,
      body: { projectId: 'p', isExport: true, updates: { scripts_1: 'z'.repeat(20), title: 'T' } },
    };
    expect(estimateRequestCubes(request, { base })).toBe(2 + 2);
    expect(estimateRequestCubes(request)).toBe(1 + 1);
    expect(estimateRequestCubes({ kind: 'modify', body: { projectId: 'p', updates: { title: 'x' } } })).toBe(0);
  });

  it('counts the spoken text of a script update, tags removed, and ignores an index the base does not have', () => {
    const base = { scenes: [{ scripts: [{ org: 'x'.repeat(90) }] }] };
    const updates = { scripts: `<p>${'w'.repeat(150)} &amp;</p>`, scripts_3: 'q'.repeat(500) };
    // 1 scene + ⌈152 / 100⌉
    expect(estimateRequestCubes({ kind: 'modify', body: { projectId: 'p', isExport: true, updates } }, { base })).toBe(
      1 + 2,
    );
  });

  it('passes rates to the cost of a create and a modify', () => {
    const body = { scenes: [{ scripts: [{ org: 'Hi' }] }] };
    expect(estimateRequestCubes({ kind: 'create', body }, { rates: { perScene: 5 } })).toBe(5 + 1);
    expect(
      estimateRequestCubes(
        { kind: 'modify', body: { projectId: 'p', isExport: true, updates: {} } },
        { base: body, rates: { perScene: 5 } },
      ),
    ).toBe(5 + 1);
  });

  it('estimates each request of a batch on the same base, whatever the requests before it changed', () => {
    const base = { scenes: [{ scripts: [{ org: 'x'.repeat(90) }] }, { scripts: [{ org: 'y'.repeat(90) }] }] };
    const estimate = requestCubeEstimator({ base });
    const longer = {
      kind: 'modify' as const,
      body: { projectId: 'p', isExport: true, updates: { scripts_1: 'z'.repeat(150) } },
    };
    const none = { kind: 'modify' as const, body: { projectId: 'p', isExport: true, updates: {} } };
    // 2 scenes + ⌈(90 + 150) / 100⌉, then the base alone: 2 scenes + ⌈180 / 100⌉
    expect([estimate(longer), estimate(none), estimate(longer)]).toEqual([2 + 3, 2 + 2, 2 + 3]);
    expect(estimate(none)).toBe(estimateRequestCubes(none, { base }));
  });

  it('refuses an unknown rate when made, before any request', () => {
    expect(() => requestCubeEstimator({ rates: { perscene: 1 } as never })).toThrow('Unknown cube rate "perscene"');
  });
});
