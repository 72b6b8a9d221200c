import { describe, expect, it } from 'vitest';
import { resolveClientConfig } from './client-config.js';

describe('resolveClientConfig', () => {
  it('prefers options over the environment and a key over a token over app credentials', () => {
    const env = { VSYNTH_API_KEY: 'env-key', VSYNTH_TOKEN: 'env-token', VSYNTH_BASE_URL: 'https://api.example.com/' };
    expect(resolveClientConfig({ env }).credentials).toEqual({ kind: 'static', value: 'env-key', source: 'apiKey' });
    expect(resolveClientConfig({ env, token: 'opt-token' }).credentials).toEqual({
      kind: 'static',
      value: 'opt-token',
      source: 'token',
    });
    const app = resolveClientConfig({
      env: { VSYNTH_APP_ID: 'a', VSYNTH_USER_KEY: 'u', VSYNTH_BASE_URL: 'http://127.0.0.1:4010' },
    });
    expect(app.credentials).toEqual({ kind: 'issued', appId: 'a', userKey: 'u', issueToken: undefined });
  });

  it('trims trailing slashes and defaults the legacy base to the v3 base', () => {
    const config = resolveClientConfig({ env: { VSYNTH_API_KEY: 'k', VSYNTH_BASE_URL: 'https://api.example.com/' } });
    expect(config.baseUrl).toBe('https://api.example.com');
    expect(config.legacyBaseUrl).toBe('https://api.example.com');
    const split = resolveClientConfig({
      apiKey: 'k',
      baseUrl: 'https://v3.example.com',
      legacyBaseUrl: 'https://old.example.com/',
      env: {},
    });
    expect(split.legacyBaseUrl).toBe('https://old.example.com');
  });

  it('names the variable and the fix for a bad base URL', () => {
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'api.example.com', env: {} })).toThrow(
      'VSYNTH_BASE_URL (baseUrl) is not a URL: "api.example.com". Use an address like https://host or http://127.0.0.1:4010.',
    );
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'ftp://x', env: {} })).toThrow(
      'VSYNTH_BASE_URL (baseUrl) must be an http or https address, got "ftp://x".',
    );
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'localhost:4010', env: {} })).toThrow(
      'VSYNTH_BASE_URL (baseUrl) must be an http or https address, got "localhost:4010". Write it with the scheme: http://localhost:4010',
    );
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'https://u:p@x', env: {} })).toThrow(
      'must not contain a user name or password',
    );
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'ftp://u:secret-pass@x', env: {} })).toThrow(
      'must not contain a user name or password',
    );
    expect(() => resolveClientConfig({ apiKey: 'k', baseUrl: 'http://u:secret-pass@x:99999', env: {} })).toThrow(
      'VSYNTH_BASE_URL (baseUrl) is not a URL: "http://[redacted]@x:99999".',
    );
  });
});
