import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { fetchTransport } from './fetch-transport.js';
import { multipartBody, type MultipartPart } from './multipart-body.js';
import { nodeHttpTransport } from './node-http-transport.js';
import type { Transport, TransportAnswer } from './transport.js';

export interface SendMultipartOptions {
  readonly url: string;
  readonly parts: readonly MultipartPart[];
  readonly headers: Readonly<Record<string, string>>;
  readonly signal?: AbortSignal;
  /** Until the answer's headers arrive. Default none. */
  readonly timeoutMs?: number;
  /** When given, the body goes through this fetch as a stream instead of `node:http`. */
  readonly fetch?: typeof fetch;
  /** The transport to send through (the client's, sharing its connections); wins over `fetch`. */
  readonly transport?: Transport;
}

/** The answer to a multipart POST, read whole (answers are small JSON). */
export type MultipartAnswer = TransportAnswer;

/** Without a transport or fetch: node's global agents, as any `http.request` would use. */
let globalAgentTransport: Transport | undefined;

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
  const transport =
    options.transport ??
    (options.fetch === undefined
      ? (globalAgentTransport ??= nodeHttpTransport({ httpAgent: http.globalAgent, httpsAgent: https.globalAgent }))
      : fetchTransport(options.fetch));
  return transport({
    method: 'POST',
    url: options.url,
    headers,
    body: body.chunks(),
    signal: options.signal,
    timeoutMs: options.timeoutMs,
  });
}
