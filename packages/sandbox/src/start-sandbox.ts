/**
 * The sandbox server: every endpoint of the video synthesis interface (v3 and legacy paths on one
 * port) plus `/sandbox/*` routes, over `node:http`, with embedded persistence and fault injection.
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { localRequestRefusal, UsageError } from '@vsynth/core';
import { ExportRunner } from './export-runner.js';
import { sendError, sendJson } from './http-io.js';
import { SandboxAuth, type Caller } from './sandbox-auth.js';
import type { RouteHandler, RouteReply, SandboxContext } from './sandbox-context.js';
import { attachmentDisposition } from './safe-file-name.js';
import { SandboxHttpError } from './sandbox-http-error.js';
import { resolveSandboxOptions, type SandboxApp, type SandboxOptions } from './sandbox-options.js';
import { SandboxStore } from './sandbox-store.js';
import { dubbingProgress, dubbingUpload } from './routes/dubbing-routes.js';
import { legacyAudio, legacyCreate, legacyFind } from './routes/legacy-routes.js';
import { artifact, health, issueToken, ledger, projectView } from './routes/sandbox-routes.js';
import { createProject, editProject, modifyProject } from './routes/v3-project-routes.js';

/** A started sandbox. */
export interface RunningSandbox {
  /** `http://host:port`: the v3 base URL and also the legacy base URL. */
  readonly url: string;
  /** Same as `url`: the legacy paths are served on the same port. */
  readonly legacyUrl: string;
  readonly port: number;
  readonly apiKeys: readonly string[];
  readonly apps: readonly SandboxApp[];
  readonly dataDir: string;
  /** Stops accepting requests, waits for those in progress, stops timers and closes the store. */
  close(): Promise<void>;
}

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: RegExp;
  /** Spec endpoints get latency and faults; `/sandbox/*` routes do not. */
  readonly spec: boolean;
  readonly auth: boolean;
  readonly handler: RouteHandler;
}

const KEY = '([^/]+)';
const ROUTES: readonly Route[] = [
  { method: 'POST', path: /^\/api\/odin\/v3\/editor\/project$/, spec: true, auth: true, handler: createProject },
  { method: 'POST', path: /^\/api\/odin\/v3\/project\/modify$/, spec: true, auth: true, handler: modifyProject },
  {
    method: 'POST',
    path: new RegExp(`^/api/odin/v3/editor/project/${KEY}$`),
    spec: true,
    auth: true,
    handler: editProject,
  },
  {
    method: 'POST',
    path: /^\/api\/odin\/v3\/automation\/translatevideos$/,
    spec: true,
    auth: true,
    handler: dubbingUpload,
  },
  {
    method: 'GET',
    path: /^\/api\/odin\/v3\/automation\/translatevideos$/,
    spec: true,
    auth: true,
    handler: dubbingProgress,
  },
  { method: 'POST', path: /^\/api\/odin\/editor\/project$/, spec: true, auth: true, handler: legacyCreate },
  { method: 'POST', path: /^\/api\/odin\/simple\/audio$/, spec: true, auth: true, handler: legacyAudio },
  { method: 'POST', path: new RegExp(`^/api/odin/simple/find/${KEY}$`), spec: true, auth: true, handler: legacyFind },
  { method: 'POST', path: /^\/sandbox\/token$/, spec: false, auth: false, handler: issueToken },
  { method: 'GET', path: /^\/sandbox\/ledger$/, spec: false, auth: true, handler: ledger },
  { method: 'GET', path: new RegExp(`^/sandbox/projects/${KEY}$`), spec: false, auth: true, handler: projectView },
  {
    method: 'GET',
    path: new RegExp(`^/sandbox/artifacts/${KEY}(?:/[^/]*)?$`),
    spec: false,
    auth: false,
    handler: artifact,
  },
  { method: 'GET', path: /^\/sandbox\/health$/, spec: false, auth: false, handler: health },
];

const ANONYMOUS: Caller = { owner: '' };

/**
 * Starts a local implementation of the whole interface. Keys default to `sandbox-key` and the
 * app `sandbox-app`/`sandbox-user-key`; data lives in `dataDir` (default under the user's cache
 * directory) and survives a restart.
 *
 * @example
 * const sandbox = await startSandbox({ dataDir: tmp, exportSeconds: 0 });
 * const res = await fetch(`${sandbox.url}/api/odin/v3/editor/project`, {
 *   method: 'POST', headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
 *   body: JSON.stringify(payload),
 * });
 * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const resolved = resolveSandboxOptions(options);
  const store = await SandboxStore.open({
    dir: resolved.dataDir,
    fsync: resolved.fsync,
    now: resolved.now,
    onWarning: resolved.log,
  });
  let baseUrl = '';
  const context: SandboxContext = {
    store,
    options: resolved,
    auth: new SandboxAuth({ ...resolved, store }),
    exports: new ExportRunner({ store, options: resolved, baseUrl: () => baseUrl }),
    baseUrl: () => baseUrl,
  };
  const server = createServer((request, response) => {
    void dispatch(context, request, response);
  });
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(resolved.port, resolved.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await store.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new UsageError(
        `Port ${resolved.port} on ${resolved.host} is in use. Choose another with --port (option port), or 0 for any free port.`,
        { cause: error },
      );
    }
    throw error;
  }
  const address = server.address() as AddressInfo;
  baseUrl = `http://${urlHost(resolved.host)}:${address.port}`;
  context.exports.resume();
  let closing: Promise<void> | undefined;
  return {
    url: baseUrl,
    legacyUrl: baseUrl,
    port: address.port,
    apiKeys: resolved.apiKeys,
    apps: resolved.apps,
    dataDir: resolved.dataDir,
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        server.closeIdleConnections();
        // Connections still busy after 1 s are cut: a stop completes within 2 s (exports below wait at most 0.5 s).
        const force = setTimeout(() => server.closeAllConnections(), 1_000);
        await stopped;
        clearTimeout(force);
        await context.exports.close();
        await store.close();
      })();
      return closing;
    },
  };
}

async function dispatch(context: SandboxContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const { options } = context;
  // `latencyMs` runs from a spec request's arrival while the request is handled, so each of a burst
  // is answered `latencyMs` after it came (or once handled, if later), not after those before it.
  let latency: Promise<void> | undefined;
  try {
    // Before anything else: another site's page must learn nothing, not even which paths exist.
    const refusal = localRequestRefusal(request.headers, {
      port: request.socket.localPort ?? 0,
      subject: 'this sandbox',
      flag: '--allowed-host (option allowedHosts)',
      allowedHosts: options.allowedHosts,
    });
    if (refusal !== undefined) throw new SandboxHttpError(403, 'forbidden', refusal);
    const url = new URL(request.url ?? '/', 'http://sandbox.invalid');
    const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
    const candidates = ROUTES.filter((route) => route.path.test(path));
    if (candidates.length === 0)
      throw new SandboxHttpError(404, 'not_found', `No such endpoint: ${request.method ?? 'GET'} ${path}`);
    const route = candidates.find((candidate) => candidate.method === request.method);
    if (route === undefined) {
      const allow = candidates.map((candidate) => candidate.method).join(', ');
      throw new SandboxHttpError(405, 'method_not_allowed', `${path} accepts ${allow}, not ${request.method ?? ''}`, {
        headers: { allow },
      });
    }
    if (route.spec && options.latencyMs > 0) latency = options.sleep(options.latencyMs);
    if (route.spec) injectFaults(context);
    const caller = route.auth ? context.auth.authenticate(request.headers.authorization) : ANONYMOUS;
    const params = (route.path.exec(path) ?? []).slice(1).map((segment) => decodePathSegment(segment ?? ''));
    const reply = await route.handler(context, { request, url, params, caller, endpoint: `${route.method} ${path}` });
    await latency;
    if (
      route.spec &&
      reply.status < 400 &&
      options.faultLostResponseRate > 0 &&
      options.random() < options.faultLostResponseRate
    ) {
      // Processed and stored; the caller never learns it.
      request.socket.destroy();
      return;
    }
    send(response, reply, options.log);
  } catch (error) {
    await latency;
    if (error instanceof SandboxHttpError) {
      // The rest of a refused upload is not read: close the connection after answering.
      if (error.status === 413) response.setHeader('connection', 'close');
      sendError(response, error);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    options.log(`internal error on ${request.method ?? ''} ${(request.url ?? '').split('?')[0] ?? ''}: ${message}`);
    if (!response.headersSent)
      sendError(response, new SandboxHttpError(500, 'internal', `The sandbox failed: ${message}`));
    else response.destroy();
  }
}

/**
 * A 429 or 503 decided before the request is processed, as a gateway would (answered, like every
 * spec answer, once the latency has passed).
 */
function injectFaults(context: SandboxContext): void {
  const { options } = context;
  if (options.fault429Rate > 0 && options.random() < options.fault429Rate) {
    throw new SandboxHttpError(
      429,
      'rate_limited',
      'Too many requests (injected fault); Retry-After says when to try again.',
      {
        headers: { 'retry-after': String(options.retryAfterSeconds) },
      },
    );
  }
  if (options.fault5xxRate > 0 && options.random() < options.fault5xxRate) {
    throw new SandboxHttpError(503, 'unavailable', 'The service is unavailable (injected fault).');
  }
}

/** Sends a reply; `log` hears of a piece of a JSON document that failed once its answer had begun. */
function send(response: ServerResponse, reply: RouteReply, log: (line: string) => void): void {
  if ('json' in reply) {
    sendJson(response, reply.status, reply.json, { ...reply.headers });
    return;
  }
  if ('jsonPieces' in reply) {
    response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8' });
    const pieces = Readable.from(reply.jsonPieces);
    // A piece that fails to build cuts the answer short: the status is already sent.
    pieces.on('error', (error) => {
      log(
        `internal error on ${response.req.method ?? ''} ${(response.req.url ?? '').split('?')[0] ?? ''} after its answer began: ${error.message}`,
      );
      response.destroy();
    });
    pieces.pipe(response);
    return;
  }
  const { file } = reply;
  response.writeHead(reply.status, {
    'content-type': file.contentType,
    'content-length': file.size,
    'content-disposition': attachmentDisposition(file.fileName),
  });
  const stream = createReadStream(file.path);
  stream.on('error', () => response.destroy());
  stream.pipe(response);
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new SandboxHttpError(
      404,
      'not_found',
      `No such item: the path segment "${segment}" is not valid percent-encoding.`,
    );
  }
}

function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
