/**
 * The client against hostile answers and awkward callers, over real sockets on 127.0.0.1:
 * unreadable `Retry-After` values, a token issue shared by callers with their own signals,
 * credentials echoed where redaction missed them (a cut error page, JSON escapes, error causes),
 * a byte-order mark, and limits too large for a timer.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createClient,
  isApiError,
  isNetworkError,
  isVsynthError,
  type ApiError,
  type CreateClientOptions,
  type NetworkError,
} from '@vsynth/core';
import { rejection } from './sandbox-helpers.js';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

interface Served {
  readonly url: string;
  /** Requests whose body was read whole. */
  requests: number;
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(async (server) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function serve(handler: Handler): Promise<Served> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      served.requests += 1;
      handler(req, Buffer.concat(chunks).toString('utf8'), res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served: Served = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: 0 };
  return served;
}

const answer =
  (status: number, body: string | Buffer, headers: Record<string, string> = {}): Handler =>
  (_req, _body, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(body);
  };

function client(baseUrl: string, options: Partial<CreateClientOptions> = {}) {
  return createClient({
    apiKey: 'key-ADVERSARIAL-0001',
    baseUrl,
    env: {},
    random: () => 0.5,
    sleep: async () => undefined,
    ...options,
  });
}

/** Every way a user could look at an error: message, stack, JSON, inspect, and each cause's. */
function everyView(error: unknown): string {
  const parts = [String(error), JSON.stringify(error) ?? '', inspect(error, { depth: Infinity, showHidden: true })];
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 10; depth++) {
    parts.push(current.message, current.stack ?? '', inspect(current, { depth: Infinity, showHidden: true }));
    current = current.cause;
  }
  return parts.join('\n');
}

const modify = { projectId: 'p-1', updates: { title: 'Hi' } };

describe('Retry-After values that are neither seconds nor an HTTP date', () => {
  it.each(['-1', '-0.5', '+5', '1 2', '3, 4'])(
    '%s is ignored: a GET answered 429 backs off instead of retrying at once',
    async (value) => {
      const served = await serve(answer(429, '{"message":"slow down"}', { 'retry-after': value }));
      const sleeps: number[] = [];
      const error = (await rejection(
        client(served.url, { sleep: async (ms) => void sleeps.push(ms) }).getDubbingProgress('f-1'),
      )) as ApiError;
      expect(isApiError(error) && error.status).toBe(429);
      // V8's Date.parse reads "-1" as 1 Jan 2001: a date in the past, so "retry now", three times.
      expect(sleeps).toEqual([225, 450, 900]);
      expect(error.retryAfterMs).toBeUndefined();
      expect(error.message).toContain('Rate limited; wait and try again');
      expect(served.requests).toBe(4);
    },
  );
});

/** A client whose tokens come from `issueToken` (no API key). */
function tokenClient(url: string, issueToken: NonNullable<CreateClientOptions['issueToken']>) {
  return client(url, { apiKey: undefined, appId: 'app-SHARED-1', userKey: 'uk-SHARED-0001', issueToken });
}

describe('a token issue shared by concurrent callers', () => {
  it('one caller aborting leaves the others waiting for the token, and their POSTs are sent', async () => {
    const served = await serve(answer(200, '{"projectId":"p-1"}'));
    const aborted: unknown[] = [];
    let issues = 0;
    const c = tokenClient(served.url, async (_appId, _userKey, { signal }) => {
      issues += 1;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, 300);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(signal.reason);
          reject(signal.reason as Error);
        });
      });
      return { token: `tok-SHARED-${issues}` };
    });
    const controller = new AbortController();
    const first = rejection(c.modifyProject(modify, { signal: controller.signal }));
    const second = c.modifyProject(modify);
    setTimeout(() => controller.abort(), 50);
    const error = await first;
    expect(isVsynthError(error) && error.code).toBe('VSYNTH_ABORTED');
    expect(await second).toEqual({ projectId: 'p-1' });
    expect(aborted).toEqual([]);
    expect(issues).toBe(1);
    expect(served.requests).toBe(1);
  });

  it('the issue stops when every waiting caller has aborted, and the next call issues afresh', async () => {
    const served = await serve(answer(200, '{"projectId":"p-1"}'));
    let issues = 0;
    let stopped = 0;
    const c = tokenClient(served.url, async (_appId, _userKey, { signal }) => {
      issues += 1;
      if (issues === 1) {
        await new Promise((_resolve, reject) =>
          signal?.addEventListener('abort', () => reject(((stopped += 1), signal.reason as Error))),
        );
      }
      return { token: `tok-SHARED-${issues}` };
    });
    const errors = await Promise.all([
      rejection(c.modifyProject(modify, { signal: AbortSignal.timeout(50) })),
      rejection(c.modifyProject(modify, { signal: AbortSignal.timeout(80) })),
    ]);
    expect(errors.map((e) => isVsynthError(e) && e.code)).toEqual(['VSYNTH_ABORTED', 'VSYNTH_ABORTED']);
    expect(stopped).toBe(1);
    expect(await c.modifyProject(modify)).toEqual({ projectId: 'p-1' });
    expect(issues).toBe(2);
    expect(served.requests).toBe(1);
  });
});

describe('token issue failures', () => {
  const failing = {
    apiKey: undefined,
    appId: 'app-FAIL-0001',
    userKey: 'uk-FAIL-SECRET-0001',
    issueToken: async (_appId: string, userKey: string) => Promise.reject(new Error(`issuer refused ${userKey}`)),
  };

  it('a POST whose token could not be issued says nothing was sent, and holds no user key anywhere', async () => {
    const served = await serve(answer(200, '{"projectId":"p-1"}'));
    const error = (await rejection(client(served.url, failing).modifyProject(modify))) as NetworkError;
    expect(isNetworkError(error)).toBe(true);
    expect(error.notSent).toBe(true);
    expect(error.message).not.toContain('may or may not have processed');
    expect(everyView(error)).not.toContain('uk-FAIL-SECRET-0001');
    expect(served.requests).toBe(0);
  });

  it('a dubbing upload whose token could not be issued fails the same way', async () => {
    const served = await serve(answer(200, '{"folderId":"f-1"}'));
    const error = (await rejection(
      client(served.url, failing).uploadDubbing({ file: new Blob(['v']), targets: ['es-ES'] }),
    )) as NetworkError;
    expect(isNetworkError(error)).toBe(true);
    expect(error.notSent).toBe(true);
    expect(everyView(error)).not.toContain('uk-FAIL-SECRET-0001');
    expect(served.requests).toBe(0);
  });

  it('the sandbox issuer refusing with a body that echoes the AppId keeps it out of the error body', async () => {
    const served = await serve((_req, body, res) => {
      const given = JSON.parse(body) as { appId: string };
      answer(401, JSON.stringify({ message: `unknown AppId ${given.appId}`, appId: given.appId }))(_req, body, res);
    });
    const error = (await rejection(
      client(served.url, { apiKey: undefined, appId: 'app-ECHOED-3e9a', userKey: 'uk-ECHOED-0001' }).modifyProject(
        modify,
      ),
    )) as ApiError;
    expect(error.status).toBe(401);
    expect(error.body).toEqual({ message: 'unknown AppId [redacted]', appId: '[redacted]' });
    expect(everyView(error)).not.toContain('app-ECHOED-3e9a');
    expect(served.requests).toBe(1);
  });

  it('an issued token fetch refuses as a header leaves no trace of the token in the cause', async () => {
    const served = await serve(answer(200, '{"projectId":"p-1"}'));
    const c = client(served.url, {
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      fetch: globalThis.fetch,
      issueToken: async () => ({ token: 'tok-SECRET-9\nx' }),
    });
    const error = (await rejection(c.modifyProject(modify))) as NetworkError;
    expect(error.notSent).toBe(true);
    expect(everyView(error)).not.toContain('tok-SECRET-9');
    expect(served.requests).toBe(0);
  });
});

describe('credentials echoed in answers', () => {
  it('a long error page is cut after the key is redacted, so no part of the key is left', async () => {
    const key = 'key-LONGPAGE-7c1d93ab55e2';
    const served = await serve(
      answer(502, `<html>${'x'.repeat(1984)}${key}${'y'.repeat(500)}</html>`, { 'content-type': 'text/html' }),
    );
    const error = (await rejection(client(served.url, { apiKey: key }).modifyProject(modify))) as ApiError;
    expect(error.status).toBe(502);
    expect(String(error.body).endsWith(`${'x'.repeat(1984)}[redacted]…`)).toBe(true);
    expect(everyView(error)).not.toContain(key.slice(0, 8));
  });

  it('a key echoed JSON-escaped (PHP writes / as \\/) in a 200 that does not fit the schema is redacted', async () => {
    const key = 'key/ESCAPED/5b0e1f22';
    const served = await serve(answer(200, JSON.stringify({ received: key }).replaceAll('/', '\\/')));
    const error = (await rejection(client(served.url, { apiKey: key }).modifyProject(modify))) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.body).toEqual({ received: '[redacted]' });
    expect(everyView(error)).not.toContain('ESCAPED');
  });
});

describe('answers', () => {
  it('reads a JSON answer that starts with a UTF-8 byte-order mark, as fetch does', async () => {
    const served = await serve(
      answer(200, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"projectId":"p-bom"}')])),
    );
    expect(await client(served.url).modifyProject(modify)).toEqual({ projectId: 'p-bom' });
    expect(await client(served.url, { fetch: globalThis.fetch }).modifyProject(modify)).toEqual({ projectId: 'p-bom' });
    expect(served.requests).toBe(2);
  });
});

describe('limits too large for a timer', () => {
  it('timeoutMs: Infinity sets no limit instead of timing out after 1 ms', async () => {
    const served = await serve((_req, _body, res) =>
      setTimeout(() => answer(200, '{"projectId":"p-late"}')(_req, _body, res), 100),
    );
    expect(await client(served.url, { timeoutMs: Number.POSITIVE_INFINITY }).modifyProject(modify)).toEqual({
      projectId: 'p-late',
    });
    expect(
      await client(served.url, { timeoutMs: Number.POSITIVE_INFINITY, fetch: globalThis.fetch }).modifyProject(modify),
    ).toEqual({ projectId: 'p-late' });
  });

  it('a Retry-After beyond what a timer holds ends the retries instead of retrying after 1 ms', async () => {
    // 30 days: more than the 24.8 days a node timer holds.
    const served = await serve(answer(429, '{}', { 'retry-after': String(30 * 24 * 3600) }));
    const c = createClient({
      apiKey: 'key-ADVERSARIAL-0001',
      baseUrl: served.url,
      env: {},
      retry: { maxRetryAfterMs: Number.POSITIVE_INFINITY },
    });
    const error = (await rejection(c.getDubbingProgress('f-1', { signal: AbortSignal.timeout(2_000) }))) as ApiError;
    expect(isApiError(error) && error.status).toBe(429);
    expect(served.requests).toBe(1);
  });
});
