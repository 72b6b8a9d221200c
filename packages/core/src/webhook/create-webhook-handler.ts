import {
  createDeliveryReceiver,
  MAX_DELIVERY_BODY_BYTES,
  refuseLargeBody,
  type DeliveryAnswer,
  type WebhookHandlerOptions,
} from './receive-delivery.js';

export type { DeliveryState, WebhookHandlerOptions } from './receive-delivery.js';

/** A framework-agnostic handler: Fetch API `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/**
 * Receives webhook deliveries by GET or POST as a Fetch API handler; see `createDeliveryReceiver` for
 * the answers. A POST body over 1 MiB is refused with 413, unread.
 *
 * @example
 * const handle = createWebhookHandler({ secret, onDelivery: (d) => console.log(d.videoUrl) })
 * // Hono: app.all('/vsynth', (c) => handle(c.req.raw)); Next.js: export const GET = handle, POST = handle
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const receive = createDeliveryReceiver(options);
  return async (request) => {
    const body = request.method === 'POST' ? await readBody(request) : '';
    if (body === undefined) {
      return response(refuseLargeBody(options.onRejected, new URL(request.url).searchParams, request.method));
    }
    const contentType = request.headers.get('content-type');
    return response(await receive({ method: request.method, target: request.url, contentType, body }, () => request));
  };
}

function response(answer: DeliveryAnswer): Response {
  if (answer.body === null) return new Response(null, { status: answer.status });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.allow !== undefined) headers['allow'] = answer.allow;
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * The body as text, or `undefined` once it is over {@link MAX_DELIVERY_BODY_BYTES}. A body that cannot be
 * read is empty, so the query's parameters still count.
 */
async function readBody(request: Request): Promise<string | undefined> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_DELIVERY_BODY_BYTES) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_DELIVERY_BODY_BYTES) {
        void reader.cancel().catch(() => undefined);
        return undefined;
      }
      chunks.push(value);
    }
  } catch {
    return '';
  }
  return Buffer.concat(chunks).toString('utf8');
}
