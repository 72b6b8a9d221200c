import { createDeliveryReceiver, MAX_DELIVERY_BODY_BYTES, refuseLargeBody, type DeliveryAnswer, type WebhookHandlerOptions } from './receive-delivery.js';

export type { DeliveryState, WebhookHandlerOptions } from './receive-delivery.js';

/** A framework-agnostic handler: Fetch API `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/**
 * Receives webhook deliveries by GET or POST (the spec does not show the method): parameters
 * from the query string, and for a POST also from a form or JSON body. A missing or forged
 * signature answers 401, a malformed delivery 400 listing the problems, a repeated delivery
 * 200 without calling `onDelivery` again, a POST body over 1 MiB 413 (the rest is not read).
 *
 * @example
 * const handle = createWebhookHandler({ secret, onDelivery: (d) => console.log(d.videoUrl) })
 * // Hono: app.all('/vsynth', (c) => handle(c.req.raw)); Next.js: export const GET = handle, POST = handle
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const receive = createDeliveryReceiver(options);
  return async (request) => {
    const body = request.method === 'POST' ? await readBody(request) : '';
    if (body === undefined) return response(refuseLargeBody(options.onRejected, new URL(request.url).searchParams, request.method));
    return response(await receive({ method: request.method, target: request.url, contentType: request.headers.get('content-type'), body }, () => request));
  };
}

function response(answer: DeliveryAnswer): Response {
  if (answer.body === null) return new Response(null, { status: answer.status });
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (answer.allow !== undefined) headers['allow'] = answer.allow;
  return new Response(answer.body, { status: answer.status, headers });
}

/**
 * The body as text, or `undefined` once it is over {@link MAX_DELIVERY_BODY_BYTES} (declared or
 * read; the rest is cancelled). A body that cannot be read is empty: the query's parameters stay.
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
