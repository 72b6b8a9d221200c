import { createHash, randomBytes } from 'node:crypto';

/**
 * A new identifier shaped like the service's object ids: 24 hex characters, the first 8 the
 * creation second, so ids sort roughly by creation time.
 *
 * @example newObjectId() // '6740f1a2c3d4e5f60718293a'
 */
export function newObjectId(now: number = Date.now()): string {
  const second = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')
    .slice(-8);
  return second + randomBytes(8).toString('hex');
}

/**
 * An unguessable identifier for things reachable without `Authorization` (artifact downloads),
 * 32 hex characters.
 */
export function newSecretId(): string {
  return randomBytes(16).toString('hex');
}

/** A random access token for `POST /sandbox/token`. */
export function newToken(): string {
  return `sbx_${randomBytes(24).toString('base64url')}`;
}

/**
 * A stable, non-reversible name for a secret, so the data directory never holds keys or tokens.
 *
 * @example secretDigest('sandbox-key') // 'b1f0…' (64 hex characters)
 */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
