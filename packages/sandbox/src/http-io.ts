import type { IncomingMessage, ServerResponse } from 'node:http';
import { deepNestingMessage, findDeepNesting, formatPath } from '@vsynth/core';
import { SandboxHttpError } from './sandbox-http-error.js';

/**
 * Reads a JSON request body of at most `limit` bytes and `MAX_JSON_DEPTH` levels of nesting (a
 * 400 naming where it went deeper). An empty body reads as `{}` (the legacy find example sends an
 * empty object).
 */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const type = request.headers['content-type'];
  if (type !== undefined && !JSON_TYPE.test(type) && !TEXT_TYPE.test(type)) {
    throw new SandboxHttpError(415, 'unsupported_media_type', `Expected Content-Type: application/json, got ${type}`);
  }
  const text = (await readBody(request, limit)).toString('utf8');
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch (error) {
    throw new SandboxHttpError(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
  const deep = findDeepNesting(value);
  if (deep !== undefined) {
    const message = deepNestingMessage(formatPath(deep));
    throw new SandboxHttpError(400, 'invalid_request', `Invalid request body: ${message}`, {
      issues: [{ severity: 'error', code: 'too_big', path: deep, message }],
    });
  }
  return value;
}

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\b/i;
const TEXT_TYPE = /^text\/plain\b/i;

/**
 * The whole body. Over `limit` (declared by Content-Length, or as it arrives) a 413 is thrown and
 * the rest of the body is left unread: the 413 goes out with `connection: close`, and destroying
 * the request here (as leaving a `for await` over it would) closes the socket before the client
 * hears it. A stream error or a close before the end rejects.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (request.readableEnded) return resolve(Buffer.alloc(0));
    if (request.destroyed) return reject(prematureClose());
    if (Number(request.headers['content-length']) > limit) return reject(tooLarge(limit));
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (error?: unknown) => {
      request.off('data', onData).off('end', onEnd).off('error', done).off('close', onClose);
      if (error === undefined) resolve(Buffer.concat(chunks));
      else reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => done();
    const onClose = () => done(prematureClose());
    request.on('data', onData).on('end', onEnd).on('error', done).on('close', onClose);
  });
}

function tooLarge(limit: number): SandboxHttpError {
  return new SandboxHttpError(
    413,
    'payload_too_large',
    `The request body is larger than the sandbox's limit of ${limit} bytes (maxJsonBytes).`,
  );
}

/** The error a `for await` over a request rejects with when the request closes before its end. */
function prematureClose(): Error {
  return Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
}

/** Answers with a JSON body. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  response.end(text);
}

/** Answers with the documented error body. */
export function sendError(response: ServerResponse, error: SandboxHttpError): void {
  sendJson(response, error.status, error.body, error.headers);
}
