import { describe, expect, it } from 'vitest';
import { cubeCost, resolveCubeCost } from './cube-cost.js';

describe('cubeCost', () => {
  it('charges scenes and started 100-character blocks of script for an export, nothing otherwise', () => {
    expect(cubeCost({ kind: 'create', exported: true, scenes: 3, scriptChars: 201, targets: 0 })).toBe(6);
    expect(cubeCost({ kind: 'create', exported: true, scenes: 1, scriptChars: 0, targets: 0 })).toBe(1);
    expect(cubeCost({ kind: 'modify', exported: false, scenes: 3, scriptChars: 201, targets: 0 })).toBe(0);
  });

  it('charges audio per started 100 characters (at least one) and dubbing per target', () => {
    expect(cubeCost({ kind: 'legacy-audio', exported: true, scenes: 0, scriptChars: 0, targets: 0 })).toBe(1);
    expect(cubeCost({ kind: 'legacy-audio', exported: true, scenes: 0, scriptChars: 250, targets: 0 })).toBe(3);
    expect(cubeCost({ kind: 'dubbing', exported: true, scenes: 0, scriptChars: 0, targets: 3 })).toBe(6);
  });

  it('takes rates or a function', () => {
    expect(resolveCubeCost({ perScene: 10 })({ kind: 'edit', exported: true, scenes: 2, scriptChars: 50, targets: 0 })).toBe(21);
    expect(resolveCubeCost(() => 7)({ kind: 'edit', exported: false, scenes: 2, scriptChars: 50, targets: 0 })).toBe(7);
  });
});
