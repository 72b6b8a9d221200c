import { omitUndefined } from '../object/omit-undefined.js';
import { apiErrorFromResponse } from './api-error-from-response.js';
import { networkErrorFor } from './network-error-for.js';
import type { IssueToken } from './token-provider.js';

export interface SandboxTokenIssuerOptions {
  /** A fetch implementation; default `globalThis.fetch`. */
  readonly fetch?: typeof fetch | undefined;
}

/**
 * Issues tokens from the local sandbox: `POST {baseUrl}/sandbox/token {appId, userKey}` →
 * `{token, expiresAt}`. The real service's issuing endpoint is not part of the spec.
 *
 * @example
 * const client = createClient({
 *   appId: 'app1',
 *   userKey: 'uk1',
 *   baseUrl: sandbox.url,
 *   issueToken: sandboxTokenIssuer(sandbox.url),
 * })
 */
export function sandboxTokenIssuer(baseUrl: string, options: SandboxTokenIssuerOptions = {}): IssueToken {
  const url = `${baseUrl.replace(/\/+$/, '')}/sandbox/token`;
  const endpoint = 'POST /sandbox/token';
  return async (appId, userKey, { signal }) => {
    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ appId, userKey }),
        ...omitUndefined({ signal }),
      });
    } catch (error) {
      throw networkErrorFor(endpoint, error, { method: 'POST', idempotent: true, signal });
    }
    const text = await response.text();
    if (!response.ok) {
      throw apiErrorFromResponse({
        status: response.status,
        statusText: response.statusText,
        endpoint,
        bodyText: text,
        retryAfter: response.headers.get('retry-after'),
        secrets: [userKey, appId],
        now: Date.now(),
      });
    }
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = undefined;
    }
    const record = (body ?? {}) as {
      token?: unknown;
      expiresAt?: unknown;
      data?: { token?: unknown; expiresAt?: unknown };
    };
    const source = typeof record.token === 'string' ? record : (record.data ?? {});
    if (typeof source.token !== 'string') {
      throw apiErrorFromResponse({
        status: response.status,
        endpoint,
        bodyText: '"the answer holds no token"',
        secrets: [userKey, appId],
        now: Date.now(),
      });
    }
    const expiresAt = source.expiresAt;
    return typeof expiresAt === 'number' || typeof expiresAt === 'string'
      ? { token: source.token, expiresAt }
      : { token: source.token };
  };
}
