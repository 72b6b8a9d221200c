import { createHash, randomBytes } from 'node:crypto';

/** The creation second of the last object id and its 8 hex characters. */
let prefixSecond = Number.NaN;
let prefix = '';

/** Random bytes are drawn from the system in blocks: one `randomBytes` call per 512 object ids, not one each. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

/**
 * A new identifier shaped like the service's object ids: 24 hex characters, the first 8 the
 * creation second, so ids sort roughly by creation time.
 *
 * @example newObjectId() // '6740f1a2c3d4e5f60718293a'
 */
export function newObjectId(now: number = Date.now()): string {
  const second = Math.floor(now / 1000);
  if (second !== prefixSecond) {
    prefixSecond = second;
    prefix = second.toString(16).padStart(8, '0').slice(-8);
  }
  return prefix + pooledRandomHex(8);
}

/** `bytes` fresh random bytes as hex; no byte of the pool is handed out twice. */
function pooledRandomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  const hex = pool.toString('hex', poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
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
