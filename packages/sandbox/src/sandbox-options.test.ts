import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveSandboxOptions } from './sandbox-options.js';

describe('resolveSandboxOptions', () => {
  it('gives the default key and app only when neither is configured', () => {
    expect(resolveSandboxOptions({ dataDir: '/d' })).toMatchObject({
      apiKeys: ['sandbox-key'],
      apps: [{ appId: 'sandbox-app', userKey: 'sandbox-user-key' }],
    });
    expect(resolveSandboxOptions({ dataDir: '/d', apiKeys: ['k'] })).toMatchObject({ apiKeys: ['k'], apps: [] });
    expect(resolveSandboxOptions({ dataDir: '/d', apps: [{ appId: 'a', userKey: 'u' }] })).toMatchObject({
      apiKeys: [],
    });
  });

  it('rejects out-of-range values naming the option', () => {
    expect(() => resolveSandboxOptions({ fault429Rate: 1.5 })).toThrow(
      'Sandbox option fault429Rate must be a number from 0 to 1, got 1.5.',
    );
    expect(() => resolveSandboxOptions({ exportSeconds: -1 })).toThrow(
      'Sandbox option exportSeconds must be a number ≥ 0, got -1.',
    );
    expect(() => resolveSandboxOptions({ apiKeys: [], apps: [] })).toThrow(
      'The sandbox needs at least one API key or app to accept requests.',
    );
    expect(() => resolveSandboxOptions({ dubbingPolls: 0 })).toThrow(
      'Sandbox option dubbingPolls must be an integer ≥ 1, got 0.',
    );
  });

  it('turns the cubeCost option (rates or a function) into the cost function, rejecting a bad rate', () => {
    const input = { kind: 'create', exported: true, scenes: 2, scriptChars: 150, targets: 0 } as const;
    expect(resolveSandboxOptions({ dataDir: '/d' }).cubeCost(input)).toBe(4);
    expect(resolveSandboxOptions({ dataDir: '/d', cubeCost: { perScene: 5 } }).cubeCost(input)).toBe(12);
    expect(resolveSandboxOptions({ dataDir: '/d', cubeCost: () => 9 }).cubeCost(input)).toBe(9);
    expect(() => resolveSandboxOptions({ cubeCost: { perScene: -2 } })).toThrow(
      'Cube rate perScene must be an integer ≥ 0, got -2.',
    );
  });
});

describe('defaultDataDir', () => {
  it('uses XDG_CACHE_HOME when set, else ~/.cache', () => {
    expect(defaultDataDir({ XDG_CACHE_HOME: '/var/cache' })).toBe('/var/cache/vsynth/sandbox');
    expect(defaultDataDir({ XDG_CACHE_HOME: '' })).toMatch(/\/\.cache\/vsynth\/sandbox$/);
  });
});
