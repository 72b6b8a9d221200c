import { createDeliveryReceiver, type WebhookHandlerOptions } from './receive-delivery.js';

export type { DeliveryState, WebhookHandlerOptions } from './receive-delivery.js';

/** A framework-agnostic handler: Fetch API `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

/**
 * Receives webhook deliveries by GET or POST (the spec does not show the method): parameters
 * from the query string, and for a POST also from a form or JSON body. A missing or forged
 * signature answers 401, a malformed delivery 400 listing the problems, a repeated delivery
 * 200 without calling `onDelivery` again.
 *
 * @example
 * const handle = createWebhookHandler({ secret, onDelivery: (d) => console.log(d.videoUrl) })
 * // Hono: app.all('/vsynth', (c) => handle(c.req.raw)); Next.js: export const GET = handle, POST = handle
 */
export function createWebhookHandler(options: WebhookHandlerOptions): WebhookHandler {
  const receive = createDeliveryReceiver(options);
  return async (request) => {
    // A body that cannot be read leaves the query's parameters.
    const body = request.method === 'POST' ? await request.text().catch(() => '') : '';
    const answer = await receive({ method: request.method, target: request.url, contentType: request.headers.get('content-type'), body }, () => request);
    if (answer.body === null) return new Response(null, { status: answer.status });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (answer.allow !== undefined) headers['allow'] = answer.allow;
    return new Response(answer.body, { status: answer.status, headers });
  };
}
