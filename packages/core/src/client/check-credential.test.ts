import { describe, expect, it } from 'vitest';
import { credentialProblem } from './check-credential.js';
import { resolveClientConfig } from './client-config.js';

describe('credentialProblem', () => {
  it('names the problem and its place, never the value', () => {
    expect(credentialProblem('key-123\n')).toBe('ends with a newline');
    expect(credentialProblem('key-123\r')).toBe('ends with a carriage return');
    expect(credentialProblem('key\n123')).toBe('contains a newline at character 4 of 7');
    expect(credentialProblem('key\u0000abc')).toBe('contains a NUL byte at character 4 of 7');
    expect(credentialProblem('key\u0007123')).toBe('contains a control character (U+0007) at character 4 of 7');
    expect(credentialProblem('key“123”')).toMatch(/^contains a character outside Latin-1 .* at character 4 of 8$/);
    expect(credentialProblem(' key')).toBe('starts with a space');
    expect(credentialProblem('key ')).toBe('ends with a space');
    expect(credentialProblem('\tkey')).toBe('starts with a tab');
  });

  it('accepts what a header value can carry', () => {
    expect(credentialProblem('Bearer abc.def-ghi_jkl')).toBeUndefined();
    expect(credentialProblem('clé-é')).toBeUndefined();
  });
});

describe('resolveClientConfig', () => {
  const base = { VSYNTH_BASE_URL: 'http://127.0.0.1:4010' };

  it('refuses a malformed credential from the environment or an option, naming where it came from', () => {
    expect(() => resolveClientConfig({ env: { ...base, VSYNTH_API_KEY: 'sk-live-abcdef\n' } })).toThrow(
      /^VSYNTH_API_KEY ends with a newline, so it cannot be sent as a header\. Set it again without it \(the value is not shown\)\.$/,
    );
    expect(() => resolveClientConfig({ env: { ...base, VSYNTH_APP_ID: 'app', VSYNTH_USER_KEY: 'uk\r1' } })).toThrow(
      /^VSYNTH_USER_KEY contains a carriage return at character 3 of 4/,
    );
    expect(() => resolveClientConfig({ token: 'tok ', baseUrl: base.VSYNTH_BASE_URL, env: {} })).toThrow(
      /^The token option \(VSYNTH_TOKEN\) ends with a space/,
    );
  });

  it('refuses base URLs with a query, a fragment or a port fetch blocks; nothing of the key in the message', () => {
    const key = { VSYNTH_API_KEY: 'sk-live-abcdef' };
    expect(() => resolveClientConfig({ env: { ...key, VSYNTH_BASE_URL: 'https://api.example.com/?x=1' } })).toThrow(
      /must not contain a query \(\?…\) or fragment \(#…\)/,
    );
    expect(() => resolveClientConfig({ env: { ...key, VSYNTH_BASE_URL: 'https://api.example.com/v#a' } })).toThrow(
      /must not contain a query/,
    );
    expect(() => resolveClientConfig({ env: { ...key, VSYNTH_BASE_URL: 'http://127.0.0.1:6000' } })).toThrow(
      /uses port 6000, which HTTP clients refuse to connect to/,
    );
    expect(() => resolveClientConfig({ env: { ...key, VSYNTH_BASE_URL: 'http://127.0.0.1:0' } })).toThrow(
      /uses port 0, which cannot be connected to/,
    );
    expect(resolveClientConfig({ env: { ...key, VSYNTH_BASE_URL: 'http://127.0.0.1:6001/gw/' } }).baseUrl).toBe(
      'http://127.0.0.1:6001/gw',
    );
  });
});
