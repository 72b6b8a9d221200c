import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { multipartBody, type MultipartPart } from './multipart-body.js';

export interface SendMultipartOptions {
  readonly url: string;
  readonly parts: readonly MultipartPart[];
  readonly headers: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Until the answer's headers arrive. Default none. */
  readonly timeoutMs?: number;
  /** When given, the body goes through this fetch as a stream instead of `node:http`. */
  readonly fetch?: typeof fetch;
}

/** The answer to a multipart POST, read whole (answers are small JSON). */
export interface MultipartAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  readonly retryAfter: string | null;
}

/**
 * POSTs a streamed multipart body. Without `fetch` it uses `node:http(s)` with `pipeline`, so
 * a 2 GB video goes out chunk by chunk with backpressure: Node 20's fetch reads a request body
 * stream faster than the socket drains it and ends up holding the file in memory.
 * An answer the server sends before reading the whole body (401, 413) is still returned.
 *
 * @example await sendMultipart({ url, parts, headers: { authorization: key } })
 */
export async function sendMultipart(options: SendMultipartOptions): Promise<MultipartAnswer> {
  const boundary = `----vsynth${randomBytes(12).toString('hex')}`;
  const body = multipartBody(options.parts, boundary);
  const headers: Record<string, string> = { ...options.headers, 'content-type': body.contentType };
  if (body.length !== undefined) headers['content-length'] = String(body.length);
  if (options.fetch !== undefined) return viaFetch(options, body.chunks(), headers);
  return viaHttp(options, body.chunks(), headers);
}

async function viaFetch(options: SendMultipartOptions, chunks: AsyncIterable<Uint8Array>, headers: Record<string, string>): Promise<MultipartAnswer> {
  const stream = Readable.toWeb(Readable.from(chunks)) as ReadableStream<Uint8Array>;
  const signals = [options.signal, options.timeoutMs === undefined ? undefined : AbortSignal.timeout(options.timeoutMs)].filter(
    (s): s is AbortSignal => s !== undefined,
  );
  const init: RequestInit & { duplex: 'half' } = { method: 'POST', headers, body: stream, duplex: 'half' };
  if (signals.length > 0) init.signal = AbortSignal.any(signals);
  const response = await (options.fetch ?? fetch)(options.url, init);
  return {
    status: response.status,
    statusText: response.statusText,
    bodyText: await response.text(),
    retryAfter: response.headers.get('retry-after'),
  };
}

function viaHttp(options: SendMultipartOptions, chunks: AsyncIterable<Uint8Array>, headers: Record<string, string>): Promise<MultipartAnswer> {
  const url = new URL(options.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<MultipartAnswer>((resolve, reject) => {
    let answered = false;
    let failure: unknown;
    let timer: NodeJS.Timeout | undefined;
    const request = transport.request(url, { method: 'POST', headers, ...(options.signal === undefined ? {} : { signal: options.signal }) });
    if (options.timeoutMs !== undefined) {
      const timeoutMs = options.timeoutMs;
      timer = setTimeout(() => {
        const error = new Error(`no answer within ${timeoutMs} ms`);
        error.name = 'TimeoutError';
        failure = error;
        request.destroy(error);
      }, timeoutMs);
    }
    request.on('response', (response) => {
      answered = true;
      if (timer !== undefined) clearTimeout(timer);
      const pieces: Buffer[] = [];
      response.on('data', (piece: Buffer) => pieces.push(piece));
      response.on('error', reject);
      response.on('end', () => {
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          bodyText: Buffer.concat(pieces).toString('utf8'),
          retryAfter: typeof response.headers['retry-after'] === 'string' ? response.headers['retry-after'] : null,
        });
      });
    });
    request.on('error', (error) => {
      failure ??= error;
    });
    request.on('close', () => {
      if (timer !== undefined) clearTimeout(timer);
      if (!answered) reject(failure ?? new Error('the connection closed without an answer'));
    });
    pipeline(Readable.from(chunks), request).catch((error: unknown) => {
      // The server may answer early (401, 413) and close; the 'response' handler wins then.
      failure ??= error;
    });
  });
}
