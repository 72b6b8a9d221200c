import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UsageError } from '../errors/usage-error.js';
import {
  createDeliveryReceiver,
  MAX_DELIVERY_BODY_BYTES,
  refuseLargeBody,
  type WebhookHandlerOptions,
} from './receive-delivery.js';
import { SIGNATURE_PARAM } from './correlate-webhook-url.js';
import { redactedMessage, reportRejection } from './webhook-rejection.js';

export interface ListenForWebhooksOptions extends WebhookHandlerOptions {
  /** Default 0 (any free port). */
  readonly port?: number;
  /** Default `127.0.0.1`. */
  readonly host?: string;
}

export interface WebhookListener {
  /** The address to give as `webhookUrl`, e.g. `http://127.0.0.1:53121/`. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Starts a small `node:http` server that answers every request as `createWebhookHandler` does.
 *
 * @example
 * const listener = await listenForWebhooks({ secret, onDelivery: (d) => console.log(d.videoUrl) })
 * await client.createProject({ ...payload, webhookUrl: correlateWebhookUrl(listener.url, { id, secret }) })
 * await listener.close()
 */
export async function listenForWebhooks(options: ListenForWebhooksOptions): Promise<WebhookListener> {
  const receive = createDeliveryReceiver(options);
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  // Requests being answered; `close` lets them finish so a sender is not left without its 200.
  const inFlight = new Set<Promise<void>>();
  // Requests whose body is still arriving; `close` cuts them rather than wait on a slow sender.
  const reading = new Set<http.IncomingMessage>();
  let closing = false;
  const server = http.createServer((incoming, outgoing) => {
    const serving = serve(incoming, outgoing);
    inFlight.add(serving);
    void serving.finally(() => inFlight.delete(serving));
  });

  async function serve(incoming: http.IncomingMessage, outgoing: http.ServerResponse): Promise<void> {
    try {
      reading.add(incoming);
      const body = await readBody(incoming).finally(() => reading.delete(incoming));
      if (body === undefined) {
        const answer = refuseLargeBody(options.onRejected, queryOf(incoming), incoming.method ?? 'POST');
        outgoing.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        incoming.destroy();
        return;
      }
      const method = incoming.method ?? 'GET';
      const target = incoming.url ?? '/';
      const contentType = incoming.headers['content-type'] ?? null;
      const text = method === 'POST' ? body.toString('utf8') : '';
      const answer = await receive({ method, target, contentType, body: text }, () =>
        fetchRequest(`${origin}${target}`, method, incoming.headers, body),
      );
      const answerText = answer.body ?? '';
      const headers: http.OutgoingHttpHeaders = { 'content-length': Buffer.byteLength(answerText) };
      if (answer.body !== null) headers['content-type'] = 'application/json';
      if (answer.allow !== undefined) headers['allow'] = answer.allow;
      outgoing.writeHead(answer.status, headers);
      await new Promise<void>((resolve) => {
        // A sender that hung up meanwhile never lets the answer finish.
        if (outgoing.destroyed) resolve();
        else outgoing.once('close', resolve);
        outgoing.end(answerText, resolve);
      });
    } catch (error) {
      const query = queryOf(incoming);
      const method = incoming.method ?? 'GET';
      if ((error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET') {
        const message = closing
          ? 'the listener was closed before the whole request arrived; the sender may send it again'
          : 'the sender hung up before the whole request arrived; it may send it again';
        reportRejection(options.onRejected, query, { status: 500, reason: 'aborted', method, message });
      } else {
        const detail = redactedMessage(error, [options.secret, query?.get(SIGNATURE_PARAM)]);
        const message = `the listener could not read the request (${detail}); the sender may send it again`;
        reportRejection(options.onRejected, query, { status: 500, reason: 'internal-error', method, message });
      }
      if (!outgoing.headersSent) outgoing.writeHead(500, { 'content-type': 'application/json' });
      outgoing.end('{"ok":false,"error":"internal error in the webhook listener"}');
    }
  }

  const requestedPort = options.port ?? 0;
  await new Promise<void>((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException): void => reject(listenError(error, host, requestedPort));
    server.once('error', failed);
    server.listen(requestedPort, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${hostHeader(host, port)}`;
  return {
    url: `${origin}/`,
    port,
    async close() {
      closing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const incoming of reading) incoming.destroy();
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * The whole body of a request, or `undefined` once it is over {@link MAX_DELIVERY_BODY_BYTES}. Rejects
 * with an `ECONNRESET` error when the sender hangs up before the end.
 */
function readBody(incoming: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= MAX_DELIVERY_BODY_BYTES) {
        chunks.push(chunk);
        return;
      }
      settled = true;
      incoming.off('data', onData);
      resolve(undefined);
    };
    incoming.on('data', onData);
    incoming.once('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    incoming.once('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    incoming.once('close', () => {
      if (settled) return;
      settled = true;
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
  });
}

/** The request as a Fetch `Request`, for an `onDelivery` that reads `state.request`. */
function fetchRequest(url: string, method: string, incomingHeaders: http.IncomingHttpHeaders, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incomingHeaders)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  // A copy typed as the DOM library's BodyInit expects (a Buffer may view a SharedArrayBuffer).
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, { method, headers, ...(hasBody ? { body: new Uint8Array(body) } : {}) });
}

/** A port in use or a host not of this machine is the caller's to fix (exit 2 in the CLI). */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `Cannot listen for webhooks on ${host}:${port}`;
  const advice = new Map([
    ['EADDRINUSE', 'the port is in use. Choose another port, or 0 for any free one.'],
    ['EACCES', 'the port needs privileges. Choose a port above 1023, or 0 for any free one.'],
    [
      'EADDRNOTAVAIL',
      `${host} is not an address of this machine. Listen on 127.0.0.1 (or 0.0.0.0 for every interface).`,
    ],
  ]);
  const why = advice.get(error.code ?? '');
  return why === undefined ? error : new UsageError(`${where}: ${why}`, { cause: error });
}

/** The query of a request, or undefined when its target is not a path. */
function queryOf(incoming: http.IncomingMessage): URLSearchParams | undefined {
  try {
    return new URL(incoming.url ?? '/', 'http://localhost').searchParams;
  } catch {
    return undefined;
  }
}

function hostHeader(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '::') return `127.0.0.1:${port}`;
  const name = host.includes(':') ? `[${host}]` : host;
  return `${name}:${port}`;
}
