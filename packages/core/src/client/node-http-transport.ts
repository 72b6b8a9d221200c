import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { urlToHttpOptions } from 'node:url';
import { decodeContent } from './decode-content.js';
import { allowManyListeners, headersTimeoutError, MAX_TIMER_MS, type Transport, type TransportAnswer, type TransportRequest } from './transport.js';

/** Decodes as fetch's `text()` does: a leading byte-order mark is dropped. */
const utf8 = new TextDecoder();

export interface NodeHttpTransportOptions {
  /** Agent for `http:` addresses; default a keep-alive agent made on first use. */
  readonly httpAgent?: http.Agent | undefined;
  /** Agent for `https:` addresses; default a keep-alive agent made on first use. */
  readonly httpsAgent?: https.Agent | undefined;
}

/**
 * Idle sockets are closed after 4 s (fetch's default), or 1 s before the server's own
 * `Keep-Alive: timeout=N` when that is sooner, so a request rarely lands on a socket the server
 * is closing. Node unrefs idle pooled sockets: they never keep the process alive.
 */
const KEEP_ALIVE: http.AgentOptions = { keepAlive: true, timeout: 4_000 };

/**
 * A transport over `node:http`/`node:https`: one keep-alive agent per protocol for the
 * transport's life, a timer until the answer's headers, the caller's signal destroying the
 * request. A streamed body goes out with backpressure (`pipeline`), so a 2 GB video is never held
 * in memory, and an answer the server sends before reading the whole body (401, 413) is still
 * returned.
 *
 * @example
 * const send = nodeHttpTransport()
 * const answer = await send({ method: 'POST', url: 'http://127.0.0.1:4010/api/odin/v3/project/modify', headers: { authorization: key }, body: '{}' })
 */
export function nodeHttpTransport(options: NodeHttpTransportOptions = {}): Transport {
  let httpAgent = options.httpAgent;
  let httpsAgent = options.httpsAgent;
  // A batch sends thousands of requests to one or a few addresses: parse each once.
  const targets = new Map<string, Target>();
  return (request) => {
    let target = targets.get(request.url);
    if (target === undefined) {
      if (targets.size >= 64) targets.clear();
      const { protocol, hostname, port, path } = urlToHttpOptions(new URL(request.url));
      target = { protocol, hostname, port, path, secure: protocol === 'https:' };
      targets.set(request.url, target);
    }
    if (target.secure) return exchange(https, (httpsAgent ??= new https.Agent(KEEP_ALIVE)), target, request);
    return exchange(http, (httpAgent ??= new http.Agent(KEEP_ALIVE)), target, request);
  };
}

interface Target {
  readonly protocol: string | null | undefined;
  readonly hostname: string | null | undefined;
  readonly port: string | number | null | undefined;
  readonly path: string | null | undefined;
  readonly secure: boolean;
}

function exchange(module: typeof http | typeof https, agent: http.Agent, target: Target, request: TransportRequest): Promise<TransportAnswer> {
  return new Promise<TransportAnswer>((resolve, reject) => {
    const body = typeof request.body === 'string' ? Buffer.from(request.body) : request.body;
    const headers: Record<string, string> = { 'user-agent': 'node', ...request.headers };
    if (body instanceof Uint8Array && headers['content-length'] === undefined) headers['content-length'] = String(body.byteLength);
    let answered = false;
    let failure: unknown;
    let timer: NodeJS.Timeout | undefined;
    if (request.signal !== undefined) allowManyListeners(request.signal);
    // Throws at once for a header value node refuses (ERR_INVALID_CHAR): the promise rejects, nothing was sent.
    const { protocol, hostname, port, path, secure } = target;
    const outgoing = module.request({ protocol, hostname, port, path, method: request.method, headers, agent, ...(request.signal === undefined ? {} : { signal: request.signal }) });
    if (request.timeoutMs !== undefined && request.timeoutMs <= MAX_TIMER_MS) {
      const timeoutMs = request.timeoutMs;
      timer = setTimeout(() => {
        failure = headersTimeoutError(timeoutMs);
        outgoing.destroy(failure as Error);
      }, timeoutMs);
    }
    outgoing.on('response', (response: http.IncomingMessage) => {
      answered = true;
      if (timer !== undefined) clearTimeout(timer);
      const pieces: Buffer[] = [];
      let ended = false;
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('error', reject);
      response.on('end', () => {
        ended = true;
        const retryAfter = response.headers['retry-after'];
        let bytes: Buffer;
        try {
          bytes = decodeContent(pieces.length === 1 ? (pieces[0] as Buffer) : Buffer.concat(pieces), response.headers['content-encoding']);
        } catch (error) {
          reject(error);
          return;
        }
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          bodyText: utf8.decode(bytes),
          retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
        });
      });
      response.on('close', () => {
        if (!ended) reject(Object.assign(new Error('the connection closed before the whole answer arrived'), { code: 'ECONNRESET' }));
      });
    });
    outgoing.on('error', (error) => {
      failure ??= error;
    });
    outgoing.on('close', () => {
      if (timer !== undefined) clearTimeout(timer);
      if (!answered) reject(failure ?? new Error('the connection closed without an answer'));
    });
    const send = (): void => {
      if (body === undefined) outgoing.end();
      else if (body instanceof Uint8Array) outgoing.end(body);
      else {
        pipeline(Readable.from(body), outgoing).catch((error: unknown) => {
          // The server may answer early (401, 413) and close; the 'response' handler wins then.
          failure ??= error;
        });
      }
    };
    if (!secure) send();
    else {
      // Written before the handshake ends, a TLS failure surfaces as a bare `write EPROTO`; after
      // it, as the handshake's own error (ERR_SSL_…, CERT_…), which says nothing was sent.
      // A reused socket finished its handshake for an earlier request.
      outgoing.once('socket', (socket: Socket) => {
        if (outgoing.reusedSocket) send();
        else socket.once('secureConnect', send);
      });
    }
  });
}
