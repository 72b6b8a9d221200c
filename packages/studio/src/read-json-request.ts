import type { IncomingMessage } from 'node:http';
import { deepNestingMessage, findDeepNesting, formatPath } from '@vsynth/core';

/** The largest body the studio reads: the props of one video, with room to spare. */
export const STUDIO_BODY_LIMIT = 1024 * 1024;

/** A request the studio refuses, with its status and message. */
export class StudioRequestError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

/**
 * The JSON object of a POST to the studio. Only `Content-Type: application/json` is read: a form of
 * another site cannot send it without a CORS preflight, which the studio never answers. Past
 * `limit` bytes (declared or as they arrive) it is a 413; past `MAX_JSON_DEPTH` levels of nesting a 400.
 */
export async function readJsonRequest(
  request: IncomingMessage,
  limit = STUDIO_BODY_LIMIT,
): Promise<Record<string, unknown>> {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) {
    throw new StudioRequestError(415, `send the body as Content-Type: application/json; got ${type || 'none'}`);
  }
  const body = await readBody(request, limit);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new StudioRequestError(400, `the body is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StudioRequestError(400, 'the body must be a JSON object');
  }
  const deep = findDeepNesting(value);
  if (deep !== undefined) throw new StudioRequestError(400, deepNestingMessage(formatPath(deep)));
  return value as Record<string, unknown>;
}

/** The whole body; past `limit` the rest is left unread (not destroyed, so the 413 reaches the client). */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const tooLarge = (): StudioRequestError =>
      new StudioRequestError(413, `the body is larger than ${limit} bytes; the studio takes one video's props`);
    if (Number(request.headers['content-length']) > limit) return reject(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else {
        request.off('data', onData);
        reject(tooLarge());
      }
    };
    request.on('data', onData);
    request.once('end', () => resolve(Buffer.concat(chunks)));
    request.once('error', reject);
  });
}
