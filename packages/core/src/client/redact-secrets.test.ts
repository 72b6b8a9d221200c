import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isVsynthError } from '../errors/vsynth-error.js';
import { createClient, type CreateClientOptions } from './create-client.js';
import { REDACTED, redactSecrets } from './redact-secrets.js';
import { sandboxTokenIssuer } from './sandbox-token-issuer.js';

const API_KEY = 'sk-live-API-KEY-4f9a2c71';
const USER_KEY = 'uk-USER-KEY-88d1e0b3';
const TOKEN = 'tok-ACCESS-TOKEN-51c7aa20';

/** Every answer echoes what it received, credentials included, the way a careless service might. */
let mode: 'echo-400' | 'echo-401' | 'echo-503' | 'drop' | 'hang' | 'echo-false' | 'echo-garbage' = 'echo-400';
let server: http.Server;
let baseUrl: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const auth = String(req.headers['authorization'] ?? '');
      const body = Buffer.concat(chunks).toString('utf8').slice(0, 500);
      if (req.url === '/sandbox/token') {
        const given = JSON.parse(body) as { userKey: string };
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `userKey ${given.userKey} is not valid`, echo: given }));
        return;
      }
      if (mode === 'drop') return void res.socket?.destroy();
      if (mode === 'hang') return;
      const echo = {
        message: `refused Authorization: ${auth}`,
        issues: [{ path: ['authorization'], message: `bad ${auth}` }],
        [auth]: body,
      };
      if (mode === 'echo-false')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ success: false, message: `key ${auth} suspended` }));
      if (mode === 'echo-garbage')
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ unexpected: auth }));
      const status = mode === 'echo-401' ? 401 : mode === 'echo-503' ? 503 : 400;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(echo));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(options: Partial<CreateClientOptions> = {}) {
  return createClient({
    apiKey: API_KEY,
    baseUrl,
    env: {},
    retry: { limit: 1 },
    sleep: async () => undefined,
    ...options,
  });
}

function tokenClient() {
  return createClient({
    appId: 'app-1',
    userKey: USER_KEY,
    baseUrl,
    env: {},
    issueToken: async () => ({ token: TOKEN }),
    sleep: async () => undefined,
  });
}

const payload = { projectId: 'p-1', updates: { title: 'x' } };

async function caught(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** Every way a user could look at an error: message, stack, JSON, inspect (with cause chain). */
function everyView(error: unknown): string {
  const parts: string[] = [
    String(error),
    JSON.stringify(error) ?? '',
    inspect(error, { depth: Infinity, showHidden: true }),
  ];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 10; depth += 1) {
    if (current instanceof Error) {
      parts.push(current.message, current.stack ?? '', JSON.stringify(current) ?? '');
      for (const key of Object.keys(current))
        parts.push(inspect((current as unknown as Record<string, unknown>)[key], { depth: Infinity }));
      current = current.cause;
    } else {
      parts.push(inspect(current, { depth: Infinity }));
      current = undefined;
    }
  }
  return parts.join('\n');
}

describe('secrets never appear in errors', () => {
  const cases: [string, () => Promise<unknown>][] = [
    [
      'a 400 answer echoing the key',
      () => {
        mode = 'echo-400';
        return client().modifyProject(payload);
      },
    ],
    [
      'a 401 answer echoing the key',
      () => {
        mode = 'echo-401';
        return client().modifyProject(payload);
      },
    ],
    [
      'a 503 on a GET after retries',
      () => {
        mode = 'echo-503';
        return client().getDubbingProgress('f-1');
      },
    ],
    [
      'a success:false envelope echoing the key',
      () => {
        mode = 'echo-false';
        return client().modifyProject(payload);
      },
    ],
    [
      'an unexpected body echoing the key',
      () => {
        mode = 'echo-garbage';
        return client().modifyProject(payload);
      },
    ],
    [
      'a dropped connection on a POST',
      () => {
        mode = 'drop';
        return client().modifyProject(payload);
      },
    ],
    [
      'a dropped connection on a GET',
      () => {
        mode = 'drop';
        return client().getDubbingProgress('f-1');
      },
    ],
    [
      'a timeout',
      () => {
        mode = 'hang';
        return client({ timeoutMs: 30 }).modifyProject(payload);
      },
    ],
    [
      'an abort',
      () => {
        mode = 'hang';
        return client().modifyProject(payload, { signal: AbortSignal.timeout(30) });
      },
    ],
    [
      'a dubbing upload answered 400',
      () => {
        mode = 'echo-400';
        return client().uploadDubbing({ file: new Blob(['v']), targets: ['es-ES'] });
      },
    ],
    [
      'a dubbing upload whose connection drops',
      () => {
        mode = 'drop';
        return client().uploadDubbing({ file: new Blob(['v']), targets: ['es-ES'] });
      },
    ],
    [
      'an issued token refused twice',
      () => {
        mode = 'echo-401';
        return tokenClient().modifyProject(payload);
      },
    ],
    [
      'an issued token on a 400',
      () => {
        mode = 'echo-400';
        return tokenClient().getDubbingProgress('f');
      },
    ],
    [
      'the sandbox issuer refusing the user key',
      () =>
        createClient({
          appId: 'app-1',
          userKey: USER_KEY,
          baseUrl,
          env: {},
          issueToken: sandboxTokenIssuer(baseUrl),
        }).modifyProject(payload),
    ],
    ['an invalid request', () => client().modifyProject({ projectId: '', updates: { [API_KEY]: 'x' } } as never)],
    [
      'a base URL carrying credentials',
      async () => createClient({ apiKey: API_KEY, baseUrl: `http://user:${API_KEY}@127.0.0.1:1`, env: {} }),
    ],
  ];

  it.each(cases)('%s', async (_name, run) => {
    const error = await caught(run);
    expect(isVsynthError(error)).toBe(true);
    const text = everyView(error);
    for (const secret of [API_KEY, USER_KEY, TOKEN]) expect(text).not.toContain(secret);
  });

  it('keeps the rest of an echoed body readable', async () => {
    mode = 'echo-400';
    const error = (await caught(() => client().modifyProject(payload))) as {
      body: Record<string, unknown>;
      message: string;
    };
    expect(error.body['message']).toBe(`refused Authorization: ${REDACTED}`);
    expect(error.body[REDACTED]).toContain('"projectId":"p-1"');
    expect(error.message).toContain(`refused Authorization: ${REDACTED}; authorization: bad ${REDACTED}`);
  });
});

describe('redactSecrets', () => {
  it('replaces secrets in nested strings and keys and ignores very short ones', () => {
    expect(redactSecrets({ a: ['x abcd y'], abcd: 1, n: 5 }, ['abcd', 'x'])).toEqual({
      a: [`x ${REDACTED} y`],
      [REDACTED]: 1,
      n: 5,
    });
  });
});

describe('redactSecrets copies only what changes', () => {
  const secret = 'sk-live-0123';

  it('gives back the same value when it holds no secret', () => {
    const value = {
      row: 3,
      status: 'failed',
      issues: [{ path: ['updates', 'title'], message: 'too long' }],
      when: null,
    };
    expect(redactSecrets(value, [secret])).toBe(value);
    expect(redactSecrets(['a', ['b']], [secret])).toEqual(['a', ['b']]);
    const list = ['a', ['b']];
    expect(redactSecrets(list, [secret])).toBe(list);
  });

  it('copies the path to a secret and shares the rest, leaving the input as it was', () => {
    const untouched = { a: 1 };
    const value = { keep: untouched, deep: { list: ['ok', `key ${secret}`, 'ok'] }, tail: 'x' };
    const redacted = redactSecrets(value, [secret]);
    expect(redacted).toEqual({ keep: { a: 1 }, deep: { list: ['ok', `key ${REDACTED}`, 'ok'] }, tail: 'x' });
    expect(redacted).not.toBe(value);
    expect(redacted.keep).toBe(untouched);
    expect(value.deep.list[1]).toBe(`key ${secret}`);
    expect(Object.keys(redacted)).toEqual(['keep', 'deep', 'tail']);
  });

  it('redacts a key in the middle of an object and keeps the key order', () => {
    expect(Object.keys(redactSecrets({ a: 1, [secret]: 2, c: 3 }, [secret]))).toEqual(['a', REDACTED, 'c']);
  });

  it('replaces the longer of two overlapping secrets whole', () => {
    expect(redactSecrets('x sk-live-0123-extra y', [secret, `${secret}-extra`])).toBe(`x ${REDACTED} y`);
  });
});
