import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxHttpError } from './sandbox-http-error.js';

/**
 * Reads a JSON request body of at most `limit` bytes. An empty body reads as `{}` (the legacy
 * find example sends an empty object).
 */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<unknown> {
  const type = request.headers['content-type'];
  if (type !== undefined && !/^application\/(?:[\w.+-]*\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new SandboxHttpError(415, 'unsupported_media_type', `Expected Content-Type: application/json, got ${type}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) {
      throw new SandboxHttpError(413, 'payload_too_large', `The request body is larger than the sandbox's limit of ${limit} bytes (maxJsonBytes).`);
    }
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new SandboxHttpError(400, 'invalid_json', `The request body is not valid JSON: ${(error as Error).message}`);
  }
}

/** Answers with a JSON body. */
export function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
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
