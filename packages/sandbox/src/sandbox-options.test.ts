import { describe, expect, it } from 'vitest';
import { defaultDataDir, resolveSandboxOptions } from './sandbox-options.js';

describe('resolveSandboxOptions', () => {
  it('gives the default key and app only when neither is configured', () => {
    expect(resolveSandboxOptions({ dataDir: '/d' })).toMatchObject({ apiKeys: ['sandbox-key'], apps: [{ appId: 'sandbox-app', userKey: 'sandbox-user-key' }] });
    expect(resolveSandboxOptions({ dataDir: '/d', apiKeys: ['k'] })).toMatchObject({ apiKeys: ['k'], apps: [] });
    expect(resolveSandboxOptions({ dataDir: '/d', apps: [{ appId: 'a', userKey: 'u' }] })).toMatchObject({ apiKeys: [] });
  });

  it('rejects out-of-range values naming the option', () => {
    expect(() => resolveSandboxOptions({ fault429Rate: 1.5 })).toThrow('Sandbox option fault429Rate must be a number from 0 to 1, got 1.5.');
    expect(() => resolveSandboxOptions({ exportSeconds: -1 })).toThrow('Sandbox option exportSeconds must be a number ≥ 0, got -1.');
    expect(() => resolveSandboxOptions({ apiKeys: [], apps: [] })).toThrow('The sandbox needs at least one API key or app to accept requests.');
    expect(() => resolveSandboxOptions({ dubbingPolls: 0 })).toThrow('Sandbox option dubbingPolls must be an integer ≥ 1, got 0.');
  });
});

describe('defaultDataDir', () => {
  it('uses XDG_CACHE_HOME when set, else ~/.cache', () => {
    expect(defaultDataDir({ XDG_CACHE_HOME: '/var/cache' })).toBe('/var/cache/vsynth/sandbox');
    expect(defaultDataDir({ XDG_CACHE_HOME: '' })).toMatch(/\/\.cache\/vsynth\/sandbox$/);
  });
});
