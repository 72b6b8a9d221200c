import { UsageError } from '@vsynth/core';
import type { RedisOptions } from 'ioredis';

/** A parsed `redis://…` queue address. */
export interface QueueUrl {
  /** The address without its password, for messages. */
  readonly display: string;
  readonly options: RedisOptions;
}

/**
 * Parses the `queue` address `redis://[user:password@]host:port[/db]` (or `rediss://` for TLS).
 * A bad address is a usage error naming it, with any password replaced by `***`.
 *
 * @example parseQueueUrl('redis://:s3cret@10.0.0.5:6379/2').display // 'redis://:***@10.0.0.5:6379/2'
 */
export function parseQueueUrl(text: string): QueueUrl {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `\`queue\` takes a Redis address like redis://127.0.0.1:6379/0, received "${hidePassword(text)}".`,
    );
  }
  const display = hidePassword(text);
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new UsageError(`\`queue\` takes a redis:// or rediss:// address, received "${display}".`);
  }
  const dbText = url.pathname.replace(/^\//, '');
  const db = dbText === '' ? 0 : Number(dbText);
  if (!Number.isInteger(db) || db < 0)
    throw new UsageError(`The database of \`queue\` ${display} must be a number like /0, received "/${dbText}".`);
  const port = url.port === '' ? 6379 : Number(url.port);
  return {
    display,
    options: {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port,
      db,
      ...(url.username === '' ? {} : { username: decodeURIComponent(url.username) }),
      ...(url.password === '' ? {} : { password: decodeURIComponent(url.password) }),
      ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  };
}

/** `redis://user:pw@host` → `redis://user:***@host`. */
export function hidePassword(text: string): string {
  return text.replace(/^([a-z]+:\/\/[^:/@]*):[^@/]*@/i, '$1:***@');
}
