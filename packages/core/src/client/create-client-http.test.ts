/**
 * The client's HTTP layer over real HTTP on 127.0.0.1: keep-alive reuse, the timer until the
 * answer's headers, aborts, failures before and after the request left, odd and large answers,
 * TLS, and idle sockets that must not keep a process alive.
 */
import { execFile, spawn } from 'node:child_process';
import { getEventListeners } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isApiError, type ApiError } from '../errors/api-error.js';
import { isNetworkError, type NetworkError } from '../errors/network-error.js';
import { isTimeoutError } from '../errors/timeout-error.js';
import { isVsynthError } from '../errors/vsynth-error.js';
import { createClient, type CreateClientOptions } from './create-client.js';
import { rejection } from './test-rejection.js';

type Handler = (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void;

interface Served {
  readonly url: string;
  readonly server: http.Server | https.Server;
  /** Connections accepted so far (TLS: handshakes completed). */
  connections: number;
  /** Requests whose body was read whole. */
  requests: number;
}

const servers: Served[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(async ({ server }) => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function serve(handler: Handler, tls?: { key: string; cert: string }): Promise<Served> {
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      served.requests += 1;
      handler(req, Buffer.concat(chunks).toString('utf8'), res);
    });
  };
  const server = tls === undefined ? http.createServer(onRequest) : https.createServer(tls, onRequest);
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const served: Served = {
    url: `${tls === undefined ? 'http' : 'https'}://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    connections: 0,
    requests: 0,
  };
  server.on(tls === undefined ? 'connection' : 'secureConnection', () => {
    served.connections += 1;
  });
  servers.push(served);
  return served;
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, _body, res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

function client(baseUrl: string, options: Partial<CreateClientOptions> = {}) {
  return createClient({ apiKey: 'key-TRANSPORT-0001', baseUrl, env: {}, sleep: async () => undefined, ...options });
}

const modify = { projectId: 'p-1', updates: { title: 'Hi' } };
const CREATE_LABEL = 'POST /api/odin/v3/project/modify';

describe('keep-alive', () => {
  it('reuses idle connections for sequential and concurrent requests', async () => {
    const served = await serve(json(200, { projectId: 'p-1' }));
    const c = client(served.url);
    for (let i = 0; i < 10; i++) expect((await c.modifyProject(modify)).projectId).toBe('p-1');
    // fetch takes a socket back a moment after its answer was read: the next request may open a second one.
    expect(served.connections).toBeLessThanOrEqual(2);
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 8 }, () => c.modifyProject(modify)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(served.requests).toBe(34);
    expect(served.connections).toBeLessThanOrEqual(10);
  });

  it('lets a process exit while idle sockets stay pooled', async () => {
    const served = await serve(json(200, { projectId: 'p-exit' }));
    const dir = await mkdtemp(join(tmpdir(), 'vsynth-transport-'));
    try {
      const script = join(dir, 'child.mjs');
      const source = pathToFileURL(fileURLToPath(new URL('./create-client.ts', import.meta.url))).href;
      await writeFile(
        script,
        `const { createClient } = await import(${JSON.stringify(source)});\n` +
          `const c = createClient({ apiKey: 'key-TRANSPORT-0001', baseUrl: ${JSON.stringify(served.url)}, env: {} });\n` +
          `const a = await c.modifyProject({ projectId: 'p-1', updates: { title: 'x' } });\n` +
          `const b = await c.modifyProject({ projectId: 'p-1', updates: { title: 'y' } });\n` +
          `console.log(a.projectId, b.projectId);\n`,
      );
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      // The server keeps idle connections for 60 s: a socket that held the process would outlive the test's limit.
      const child = spawn(process.execPath, ['--import', tsx, script], { env: { ...process.env, NODE_OPTIONS: '' } });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const held = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      clearTimeout(held);
      expect(code, `the child did not exit on its own (killed after 15 s): ${stderr}`).toBe(0);
      expect(stdout.trim()).toBe('p-exit p-exit');
      expect(served.requests).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 20_000);
});

describe('timeouts and aborts', () => {
  it('times out when no headers arrive, and nothing is retried for a POST', async () => {
    const served = await serve(() => undefined);
    const error = await rejection(client(served.url, { timeoutMs: 50 }).modifyProject(modify));
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe(`${CREATE_LABEL} timed out after 50 ms. Raise timeoutMs or try again later.`);
    // A resend would arrive within this wait; on a loaded machine the limit may pass before the first one does.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(served.requests).toBeLessThanOrEqual(1);
  });

  it('limits the wait until the headers only: a slow body after them is read', async () => {
    const served = await serve((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"projectId":');
      setTimeout(() => res.end('"p-slow"}'), 800);
    });
    // Room for the headers on a loaded machine; the body comes well after the limit.
    expect((await client(served.url, { timeoutMs: 400 }).modifyProject(modify)).projectId).toBe('p-slow');
  });

  it('stops a request in flight when the caller aborts, closing its connection', async () => {
    let closed!: Promise<void>;
    const served = await serve((req) => {
      closed = new Promise((resolve) => req.socket.once('close', () => resolve()));
    });
    const controller = new AbortController();
    const pending = client(served.url).modifyProject(modify, { signal: controller.signal });
    while (served.requests === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    const error = await rejection(pending);
    expect(isVsynthError(error) && error.code).toBe('VSYNTH_ABORTED');
    expect((error as Error).message).toBe(`${CREATE_LABEL} was aborted by the caller.`);
    await closed;
  });

  it('leaves no listener on a signal shared by many concurrent requests, and prints no leak warning', async () => {
    const served = await serve(json(200, { projectId: 'p-1' }));
    const c = client(served.url);
    const controller = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      await Promise.all(
        Array.from({ length: 32 }, async () => {
          for (let i = 0; i < 8; i++) await c.modifyProject(modify, { signal: controller.signal });
        }),
      );
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('warning', onWarning);
    }
    expect(served.requests).toBe(256);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    expect(warnings).toEqual([]);
  });

  it('retries a GET that timed out, then reports the timeout', async () => {
    const served = await serve(() => undefined);
    const retries: string[] = [];
    const error = await rejection(
      client(served.url, {
        timeoutMs: 30,
        retry: 2,
        onRetry: ({ error: e }) => retries.push((e as Error).name),
      }).getDubbingProgress('f-1'),
    );
    expect(isTimeoutError(error)).toBe(true);
    expect(served.requests).toBe(3);
    expect(retries).toEqual(['TimeoutError', 'TimeoutError']);
  });
});

describe('failures without an answer', () => {
  it('a refused port is a NetworkError saying nothing was sent', async () => {
    const served = await serve(() => undefined);
    const url = served.url;
    await new Promise((resolve) => served.server.close(resolve));
    servers.splice(servers.indexOf(served), 1);
    const error = (await rejection(client(url).modifyProject(modify))) as NetworkError;
    expect(isNetworkError(error)).toBe(true);
    expect(error.notSent).toBe(true);
    expect(error.message).toBe(
      `Network error on ${CREATE_LABEL}: connection refused. Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.`,
    );
  });

  const mayHaveProcessed = `Network error on ${CREATE_LABEL}: the connection was closed before an answer arrived. The service may or may not have processed the request; sending it again could spend cubes twice. Check the project list (or the sandbox ledger) before resending.`;

  it('a server closing the socket after reading a POST: the service may or may not have processed it', async () => {
    const served = await serve((req) => req.socket.destroy());
    const error = (await rejection(client(served.url).modifyProject(modify))) as NetworkError;
    expect(error.notSent).toBe(false);
    expect(error.message).toBe(mayHaveProcessed);
    expect(served.requests).toBe(1);
  });

  it('a connection closed in the middle of the answer is the same lost answer', async () => {
    const served = await serve((req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"projectId":', () => req.socket.destroy());
    });
    const error = (await rejection(client(served.url).modifyProject(modify))) as NetworkError;
    expect(isNetworkError(error)).toBe(true);
    expect(error.message).toBe(mayHaveProcessed);
  });

  it('an issued token node refuses as a header is a NetworkError before connecting, without the token', async () => {
    const served = await serve(json(200, { projectId: 'p' }));
    const c = client(served.url, {
      apiKey: undefined,
      appId: 'app-1',
      userKey: 'uk-123456',
      issueToken: async () => ({ token: 'tok-SECRET-9\nx' }),
    });
    const error = (await rejection(c.modifyProject(modify))) as NetworkError;
    expect(error.notSent).toBe(true);
    expect(error.message).toBe(
      `Network error on ${CREATE_LABEL}: a header value is not valid (a credential with a line break or a non-Latin-1 character?). Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.`,
    );
    expect(served.connections).toBe(0);
  });
});

describe('answers', () => {
  it('a 200 whose body is not JSON is an ApiError quoting the text', async () => {
    const served = await serve((_req, _body, res) =>
      res.writeHead(200, { 'content-type': 'text/plain' }).end('OK, queued'),
    );
    const error = (await rejection(client(served.url).modifyProject(modify))) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(200);
    expect(error.body).toBe('OK, queued');
    expect(error.message).toMatch(
      /^Request failed with status 200: POST \/api\/odin\/v3\/project\/modify: unexpected response body: /,
    );
  });

  it('a 502 with an HTML page is an ApiError with its text as the reason', async () => {
    const served = await serve((_req, _body, res) =>
      res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad gateway</html>'),
    );
    const error = (await rejection(client(served.url).modifyProject(modify))) as ApiError;
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      `Request failed with status 502 Bad Gateway: ${CREATE_LABEL}: <html>Bad gateway</html>. The service failed; try again later`,
    );
  });

  it('reads a large answer whole, multi-byte characters split across chunks included', async () => {
    const big = {
      key: 'k-big',
      text: '가나다라마바사'.repeat(300_000),
      list: Array.from({ length: 20_000 }, (_, i) => ({ i })),
    };
    const served = await serve(json(200, big));
    expect(await client(served.url).findLegacyProject('k-big')).toEqual(big);
  });

  it('reads an answer a gateway compressed although none was asked for', async () => {
    const served = await serve((_req, _body, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ key: 'k-gz' })));
    });
    expect(await client(served.url).findLegacyProject('k-gz')).toEqual({ key: 'k-gz' });
  });

  it('does not follow a redirect: a POST is not resent elsewhere as a GET', async () => {
    const served = await serve(json(307, { message: 'moved' }, { location: '/elsewhere' }));
    for (const fetchOption of [{}, { fetch: globalThis.fetch }]) {
      const error = (await rejection(client(served.url, fetchOption).modifyProject(modify))) as ApiError;
      expect(error.status).toBe(307);
      expect(error.message).toBe(
        `Request failed with status 307 Temporary Redirect: ${CREATE_LABEL}: moved. The service redirected the request, and redirects are not followed; set the base URL to the address it redirects to`,
      );
    }
    expect(served.requests).toBe(2);
  });
});

describe('the fetch option', () => {
  it('sends every request through the given fetch, with the same headers, timeout and errors', async () => {
    const served = await serve((req, body, res) => {
      if (req.url === '/slow/api/odin/v3/project/modify') return;
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ projectId: 'p-f', auth: req.headers['authorization'], body }));
    });
    const calls: string[] = [];
    const counting: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      calls.push(`${request.method} ${request.url}`);
      return globalThis.fetch(request);
    };
    const c = client(served.url, { fetch: counting });
    expect((await c.modifyProject(modify)).projectId).toBe('p-f');
    expect(calls).toEqual([`POST ${served.url}/api/odin/v3/project/modify`]);
    const error = await rejection(
      client(`${served.url}/slow`, { fetch: counting, timeoutMs: 50 }).modifyProject(modify),
    );
    expect(isTimeoutError(error)).toBe(true);
    expect((error as Error).message).toBe(`${CREATE_LABEL} timed out after 50 ms. Raise timeoutMs or try again later.`);
  });
});

describe('https', () => {
  const execFileAsync = promisify(execFile);
  let tls: { key: string; cert: string } | undefined;
  let dir: string;
  let skip = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vsynth-tls-'));
    try {
      await execFileAsync('openssl', [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ]);
      tls = { key: await readFile(join(dir, 'key.pem'), 'utf8'), cert: await readFile(join(dir, 'cert.pem'), 'utf8') };
    } catch (error) {
      skip = `openssl could not make a test certificate (${(error as Error).message.split('\n')[0]})`;
    }
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses a self-signed certificate as a handshake failure: nothing was sent', async (context) => {
    if (tls === undefined) return context.skip(skip);
    const served = await serve(json(200, { projectId: 'p' }), tls);
    const error = (await rejection(client(served.url).modifyProject(modify))) as NetworkError;
    expect(error.notSent).toBe(true);
    expect(error.message).toBe(
      `Network error on ${CREATE_LABEL}: the TLS handshake failed (DEPTH_ZERO_SELF_SIGNED_CERT). Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.`,
    );
    expect(served.requests).toBe(0);
  });

  it('reports plain HTTP answering an https address as a handshake failure', async () => {
    const served = await serve(json(200, { projectId: 'p' }));
    const error = (await rejection(
      client(served.url.replace('http:', 'https:')).modifyProject(modify),
    )) as NetworkError;
    expect(error.notSent).toBe(true);
    expect(error.message).toMatch(
      /^Network error on POST \/api\/odin\/v3\/project\/modify: the TLS handshake failed \(ERR_SSL_[A-Z_]+\)\. Nothing was sent/,
    );
  });
});
