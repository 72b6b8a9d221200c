import { describe, expect, it } from 'vitest';
import { isUsageError } from '../errors/usage-error.js';
import { DEFAULT_CUBE_RATES, cubeCost, cubeCostFunction } from './cube-cost.js';

describe('cubeCost', () => {
  it('charges scenes and started 100-character blocks of script for an export, nothing otherwise', () => {
    expect(cubeCost({ kind: 'create', exported: true, scenes: 3, scriptChars: 201, targets: 0 })).toBe(6);
    expect(cubeCost({ kind: 'create', exported: true, scenes: 1, scriptChars: 0, targets: 0 })).toBe(1);
    expect(cubeCost({ kind: 'create', exported: true, scenes: 1, scriptChars: 100, targets: 0 })).toBe(2);
    expect(cubeCost({ kind: 'modify', exported: false, scenes: 3, scriptChars: 201, targets: 0 })).toBe(0);
  });

  it('charges audio per started 100 characters (at least one) and dubbing per target', () => {
    expect(cubeCost({ kind: 'legacy-audio', exported: true, scenes: 0, scriptChars: 0, targets: 0 })).toBe(1);
    expect(cubeCost({ kind: 'legacy-audio', exported: true, scenes: 0, scriptChars: 250, targets: 0 })).toBe(3);
    expect(cubeCost({ kind: 'dubbing', exported: true, scenes: 0, scriptChars: 0, targets: 3 })).toBe(6);
  });

  it('has the documented default rates', () => {
    expect(DEFAULT_CUBE_RATES).toEqual({ perScene: 1, per100ScriptChars: 1, perAudio100Chars: 1, perDubbingTarget: 2 });
  });
});

describe('cubeCostFunction', () => {
  it('takes some rates (the others default) or a function', () => {
    expect(
      cubeCostFunction({ perScene: 10 })({ kind: 'edit', exported: true, scenes: 2, scriptChars: 50, targets: 0 }),
    ).toBe(21);
    expect(
      cubeCostFunction(undefined)({ kind: 'dubbing', exported: true, scenes: 0, scriptChars: 0, targets: 2 }),
    ).toBe(4);
    expect(cubeCostFunction(() => 7)({ kind: 'edit', exported: false, scenes: 2, scriptChars: 50, targets: 0 })).toBe(
      7,
    );
  });

  it('rejects an unknown rate and a rate that is not an integer ≥ 0, naming it', () => {
    const unknown = (): unknown => cubeCostFunction({ perscene: 5 } as never);
    expect(unknown).toThrow(
      'Unknown cube rate "perscene": use perScene, per100ScriptChars, perAudio100Chars, perDubbingTarget.',
    );
    expect(() => cubeCostFunction({ perScene: 0.5 })).toThrow('Cube rate perScene must be an integer ≥ 0, got 0.5.');
    expect(() => cubeCostFunction({ perDubbingTarget: -1 })).toThrow(
      'Cube rate perDubbingTarget must be an integer ≥ 0, got -1.',
    );
    const thrown = ((): unknown => {
      try {
        return cubeCostFunction({ perScene: Number.NaN });
      } catch (error) {
        return error;
      }
    })();
    expect(isUsageError(thrown)).toBe(true);
    expect((thrown as Error).message).toBe('Cube rate perScene must be an integer ≥ 0, got NaN.');
  });
});
