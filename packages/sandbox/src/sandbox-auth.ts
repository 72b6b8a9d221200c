import { timingSafeEqual } from 'node:crypto';
import { newToken, secretDigest } from './ids.js';
import { SandboxHttpError } from './sandbox-http-error.js';
import type { SandboxApp } from './sandbox-options.js';
import type { SandboxStore } from './sandbox-store.js';

/** Who sent a request: the owner of everything it creates. */
export interface Caller {
  /** `key:<16 hex of the key's sha256>` or `app:<appId>`; never the secret itself. */
  readonly owner: string;
}

export interface SandboxAuthOptions {
  readonly apiKeys: readonly string[];
  readonly apps: readonly SandboxApp[];
  readonly tokenTtlSeconds: number;
  readonly now: () => number;
  readonly store: SandboxStore;
}

/**
 * Resolves the raw `Authorization` header (no prefix, as the spec's samples show) to an owner:
 * an API key, or a token issued by `POST /sandbox/token` that has not expired. Tokens are kept
 * as digests only, and survive a restart.
 */
export class SandboxAuth {
  private readonly keyOwners = new Map<string, string>();
  private readonly apps = new Map<string, Buffer>();
  private readonly options: SandboxAuthOptions;

  constructor(options: SandboxAuthOptions) {
    this.options = options;
    for (const key of options.apiKeys) {
      const digest = secretDigest(key);
      this.keyOwners.set(digest, `key:${digest.slice(0, 16)}`);
    }
    for (const app of options.apps) this.apps.set(app.appId, Buffer.from(secretDigest(app.userKey), 'hex'));
  }

  /** Throws a 401 `SandboxHttpError` unless the header holds a known key or a live token. */
  authenticate(header: string | undefined): Caller {
    if (header === undefined || header.trim() === '') {
      throw new SandboxHttpError(
        401,
        'unauthorized',
        'Missing Authorization header: send your API key or access token in it, without a prefix.',
      );
    }
    const digest = secretDigest(header);
    const keyOwner = this.keyOwners.get(digest);
    if (keyOwner !== undefined) return { owner: keyOwner };
    const token = this.options.store.tokens.get(digest);
    if (token !== undefined) {
      if (token.expiresAt <= this.options.now()) {
        throw new SandboxHttpError(
          401,
          'token_expired',
          `The access token expired at ${new Date(token.expiresAt).toISOString()}. Issue a new one with POST /sandbox/token.`,
        );
      }
      return { owner: token.owner };
    }
    const hint = /^(bearer|token|basic)\s/i.test(header)
      ? ' Send the key or token alone, without a "Bearer" or other prefix.'
      : '';
    throw new SandboxHttpError(
      401,
      'unauthorized',
      `The Authorization header holds no API key or token this sandbox knows.${hint}`,
    );
  }

  /** Issues a token for a configured AppId/UserKey pair; 401 when the pair is unknown. */
  async issueToken(appId: unknown, userKey: unknown): Promise<{ token: string; expiresAt: string }> {
    if (typeof appId !== 'string' || typeof userKey !== 'string') {
      throw new SandboxHttpError(
        400,
        'invalid_request',
        'POST /sandbox/token needs a JSON body {"appId": string, "userKey": string}.',
        {
          issues: [
            ...(typeof appId === 'string'
              ? []
              : [
                  {
                    code: 'invalid_type' as const,
                    severity: 'error' as const,
                    path: ['appId'],
                    message: 'appId must be a string',
                  },
                ]),
            ...(typeof userKey === 'string'
              ? []
              : [
                  {
                    code: 'invalid_type' as const,
                    severity: 'error' as const,
                    path: ['userKey'],
                    message: 'userKey must be a string',
                  },
                ]),
          ],
        },
      );
    }
    const expected = this.apps.get(appId);
    const given = Buffer.from(secretDigest(userKey), 'hex');
    if (expected === undefined || !timingSafeEqual(expected, given)) {
      throw new SandboxHttpError(
        401,
        'unauthorized',
        'Unknown AppId or wrong UserKey. Start the sandbox with --app APPID:USERKEY for the pair you use.',
      );
    }
    const token = newToken();
    const issuedAt = this.options.now();
    const expiresAt = issuedAt + this.options.tokenTtlSeconds * 1000;
    await this.options.store.save({
      t: 'token',
      v: { digest: secretDigest(token), owner: `app:${appId}`, issuedAt, expiresAt },
    });
    return { token, expiresAt: new Date(expiresAt).toISOString() };
  }
}
