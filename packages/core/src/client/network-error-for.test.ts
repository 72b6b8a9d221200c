import { describe, expect, it } from 'vitest';
import type { NetworkError } from '../errors/network-error.js';
import { networkErrorFor, wasNotSent } from './network-error-for.js';

const ENDPOINT = 'POST /api/odin/v3/editor/project';
const fetchFailed = (cause: Error) => new TypeError('fetch failed', { cause });
const coded = (code: string, message = code) => Object.assign(new Error(message), { code });

describe('networkErrorFor', () => {
  it('says nothing was sent for failures before the request left, without the double-spend warning', () => {
    const cases: readonly (readonly [Error, string])[] = [
      [fetchFailed(coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')), 'connection refused'],
      [fetchFailed(coded('ENOTFOUND')), 'the host name could not be resolved'],
      [
        fetchFailed(coded('ERR_SSL_WRONG_VERSION_NUMBER', 'ssl3_get_record:wrong version number')),
        'the TLS handshake failed (ERR_SSL_WRONG_VERSION_NUMBER)',
      ],
      [fetchFailed(coded('DEPTH_ZERO_SELF_SIGNED_CERT')), 'the TLS handshake failed (DEPTH_ZERO_SELF_SIGNED_CERT)'],
      [fetchFailed(new Error('bad port')), 'the port is one HTTP clients refuse to connect to'],
      [
        new TypeError('Headers.set: "sk-secret\n" is an invalid header value.'),
        'a header value is not valid (a credential with a line break or a non-Latin-1 character?)',
      ],
      // node:http gives the system error itself, with `.code`, no `.cause`.
      [coded('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'), 'connection refused'],
      [coded('ENOTFOUND', 'getaddrinfo ENOTFOUND nowhere.invalid'), 'the host name could not be resolved'],
      [
        coded('ERR_SSL_WRONG_VERSION_NUMBER', 'error:0A00010B:SSL routines:ssl3_get_record:wrong version number'),
        'the TLS handshake failed (ERR_SSL_WRONG_VERSION_NUMBER)',
      ],
      [
        coded('ERR_INVALID_CHAR', 'Invalid character in header content ["authorization"]'),
        'a header value is not valid (a credential with a line break or a non-Latin-1 character?)',
      ],
    ];
    for (const [error, reason] of cases) {
      const failure = networkErrorFor(ENDPOINT, error, { method: 'POST', idempotent: false }) as NetworkError;
      expect(wasNotSent(error)).toBe(true);
      expect(failure.notSent).toBe(true);
      expect(failure.message).toBe(
        `Network error on ${ENDPOINT}: ${reason}. Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.`,
      );
    }
  });

  it('warns about spending twice only when the request may have been written', () => {
    for (const error of [
      fetchFailed(coded('ECONNRESET')),
      coded('ECONNRESET', 'socket hang up'),
      coded('EPIPE', 'write EPIPE'),
    ]) {
      const failure = networkErrorFor(ENDPOINT, error, { method: 'POST', idempotent: false }) as NetworkError;
      expect(failure.notSent).toBe(false);
      expect(failure.message).toBe(
        `Network error on ${ENDPOINT}: the connection was closed before an answer arrived. The service may or may not have processed the request; sending it again could spend cubes twice. Check the project list (or the sandbox ledger) before resending.`,
      );
    }
  });
});
