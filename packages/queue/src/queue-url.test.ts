import { describe, expect, it } from 'vitest';
import { hidePassword, parseQueueUrl } from './queue-url.js';

describe('parseQueueUrl', () => {
  it('reads host, port, database and credentials, and shows the address without its password', () => {
    const url = parseQueueUrl('redis://worker:s3cr%40t@10.0.0.5:6380/2');
    expect(url.options).toMatchObject({ host: '10.0.0.5', port: 6380, db: 2, username: 'worker', password: 's3cr@t' });
    expect(url.display).toBe('redis://worker:***@10.0.0.5:6380/2');
    expect(parseQueueUrl('redis://127.0.0.1').options).toMatchObject({ port: 6379, db: 0 });
    expect(parseQueueUrl('rediss://h:1/0').options.tls).toEqual({});
  });

  it('refuses other schemes, bad databases and non-addresses, naming them without the password', () => {
    expect(() => parseQueueUrl('http://u:pw@h:1')).toThrow(
      '`queue` takes a redis:// or rediss:// address, received "http://u:***@h:1".',
    );
    expect(() => parseQueueUrl('redis://:pw@h:1/x')).toThrow(
      'The database of `queue` redis://:***@h:1/x must be a number like /0, received "/x".',
    );
    expect(() => parseQueueUrl('localhost:6379')).toThrow(
      '`queue` takes a redis:// or rediss:// address, received "localhost:6379".',
    );
    expect(() => parseQueueUrl('not a url')).toThrow(
      '`queue` takes a Redis address like redis://127.0.0.1:6379/0, received "not a url".',
    );
  });

  it('hides only the password', () => {
    expect(hidePassword('redis://:pw@h:1')).toBe('redis://:***@h:1');
    expect(hidePassword('redis://h:1/0')).toBe('redis://h:1/0');
  });
});
