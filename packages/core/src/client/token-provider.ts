import { defaultMaxListeners, getMaxListeners, setMaxListeners } from 'node:events';

/** A token as returned by an issuer. `expiresAt`: epoch ms, epoch seconds, ISO text or Date. */
export interface IssuedToken {
  readonly token: string;
  readonly expiresAt?: number | string | Date | undefined;
}

/** State handed to an `issueToken` function. */
export interface IssueTokenState {
  readonly signal?: AbortSignal | undefined;
}

/**
 * Exchanges an AppId and UserKey for an access token. The spec does not show the issuing
 * endpoint, so the caller supplies it (see `sandboxTokenIssuer` for the local sandbox).
 */
export type IssueToken = (appId: string, userKey: string, state: IssueTokenState) => Promise<IssuedToken>;

export interface TokenProviderOptions {
  readonly appId: string;
  readonly userKey: string;
  readonly issueToken: IssueToken;
  /** Current time in epoch ms. Default `Date.now`. */
  readonly clock?: () => number;
  /** Renew this long before expiry (capped at a tenth of the token's life). Default 5 min. */
  readonly marginMs?: number;
}

export interface TokenProvider {
  /** A valid token, issuing one when none is cached or the cached one is about to expire. */
  get(signal?: AbortSignal): Promise<string>;
  /** Forgets `token` if it is the cached one (after the service refused it with a 401). */
  invalidate(token: string | null): void;
  /** Every token issued so far, for redaction. */
  readonly issued: ReadonlySet<string>;
}

/** Tokens are valid for 24 hours from issuance (spec, Authentication 3). */
export const TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Caches tokens from `issueToken` until 24 h after issue (or the issuer's `expiresAt` when
 * sooner) minus a margin. Concurrent callers share one issuing request.
 *
 * @example
 * const tokens = createTokenProvider({ appId, userKey, issueToken: sandboxTokenIssuer(url) })
 * const token = await tokens.get()
 */
export function createTokenProvider(options: TokenProviderOptions): TokenProvider {
  const clock = options.clock ?? Date.now;
  const marginMs = options.marginMs ?? 5 * 60 * 1000;
  const issued = new Set<string>();
  let cached: { token: string; renewAt: number } | undefined;
  let pending: PendingIssue | undefined;

  async function issue(signal: AbortSignal | undefined): Promise<string> {
    const issuedAt = clock();
    const result = await options.issueToken(options.appId, options.userKey, { signal });
    if (typeof result?.token !== 'string' || result.token === '') {
      throw new TypeError('issueToken returned no token; it must resolve to { token: string, expiresAt? }');
    }
    issued.add(result.token);
    const expires = Math.min(issuedAt + TOKEN_LIFETIME_MS, toEpochMs(result.expiresAt) ?? Number.POSITIVE_INFINITY);
    const life = Math.max(0, expires - issuedAt);
    cached = { token: result.token, renewAt: expires - Math.min(marginMs, life / 10) };
    return result.token;
  }

  return {
    issued,
    async get(signal) {
      if (cached !== undefined && clock() < cached.renewAt) return cached.token;
      signal?.throwIfAborted();
      if (pending === undefined) {
        const controller = new AbortController();
        const started: PendingIssue = {
          controller,
          waiting: 0,
          token: issue(controller.signal).finally(() => {
            if (pending === started) pending = undefined;
          }),
        };
        pending = started;
      }
      // One caller's signal must not fail the others sharing the issue: each stops waiting on its
      // own abort, and the issue stops when no caller waits for it any more.
      const shared = pending;
      shared.waiting += 1;
      try {
        return await untilAborted(shared.token, signal);
      } finally {
        shared.waiting -= 1;
        if (shared.waiting === 0 && signal?.aborted === true) {
          if (pending === shared) pending = undefined;
          shared.controller.abort(signal.reason);
        }
      }
    },
    invalidate(token) {
      if (cached !== undefined && cached.token === token) cached = undefined;
    },
  };
}

interface PendingIssue {
  readonly token: Promise<string>;
  readonly controller: AbortController;
  /** Callers waiting for `token`. */
  waiting: number;
}

function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  allowManyListeners(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Each caller waiting for a token adds an abort listener to its signal; one signal shared by many
 * concurrent calls would get node's "possible memory leak" warning at the 11th. As fetch does, a
 * signal still at node's default limit gets a higher one.
 */
function allowManyListeners(signal: AbortSignal): void {
  if (getMaxListeners(signal) === defaultMaxListeners) setMaxListeners(1500, signal);
}

function toEpochMs(value: IssuedToken['expiresAt']): number | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value < 1e12 ? value * 1000 : value;
  const parsed = Date.parse(value);
  if (!Number.isNaN(parsed)) return parsed;
  return /^\d+$/.test(value) ? toEpochMs(Number(value)) : undefined;
}
