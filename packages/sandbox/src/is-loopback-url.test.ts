import { describe, expect, it } from 'vitest';
import { isLoopbackUrl } from './is-loopback-url.js';

describe('isLoopbackUrl', () => {
  it('accepts the loopback names and addresses', () => {
    for (const url of [
      'http://localhost:3000/h',
      'http://app.localhost/h',
      'http://127.0.0.1/h',
      'http://127.9.8.7:1/h',
      'http://[::1]:8080/h',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
  });

  it('refuses every other host and unparsable addresses', () => {
    for (const url of [
      'https://hooks.example.com/h',
      'http://10.0.0.5/h',
      'http://192.168.1.2/h',
      'http://127.0.0.1.nip.io/h',
      'http://localhost.evil.com/h',
      'not a url',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });
});
