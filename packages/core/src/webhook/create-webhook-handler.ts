import { isValidationError } from '../errors/validation-error.js';
import { SIGNATURE_PARAM } from './correlate-webhook-url.js';
import { checkDeliverySignature, deliveryFromParams, type WebhookDelivery } from './parse-delivery.js';
import { redactedMessage, reportRejection, signatureRefusal, type OnWebhookRejected } from './webhook-rejection.js';

/** State handed to `onDelivery`. */
export interface DeliveryState {
  readonly delivery: WebhookDelivery;
  readonly request: Request;
}

export interface WebhookHandlerOptions {
  /** When given, only deliveries whose `vs_sig` verifies are accepted; others get 401. */
  readonly secret?: string | undefined;
  /** Called once per distinct delivery. Throwing answers 500 so the sender retries. */
  readonly onDelivery: (delivery: WebhookDelivery, state: DeliveryState) => void | Promise<void>;
  /** How many delivery keys to remember for de-duplication. Default 10,000. */
  readonly rememberLimit?: number;
  /**
   * Called once per refused request (any answer but 200) with a reason code and a one-line
   * message saying what was wrong and what to do; never the secret, `vs_sig` or the URL.
   *
   * @example onRejected: (r) => console.error(`refused (cid ${r.correlationId ?? 'none'}): ${r.message}`)
   */
  readonly onRejected?: OnWebhookRejected | undefined;
}

/** A framework-agnostic handler: Fetch API `Request` in, `Response` out. */
export type WebhookHandler = (request: Request) => Promise<Response>;

const FORM = 'application/x-www-form-urlencoded';

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
  const limit = options.rememberLimit ?? 10_000;
  const seen = new Set<string>();

  return async (request) => {
    // A sender probing the address is answered without processing anything.
    if (request.method === 'HEAD') return new Response(null, { status: 200 });
    if (request.method !== 'GET' && request.method !== 'POST') {
      reportRejection(options.onRejected, new URL(request.url, 'http://localhost').searchParams, {
        status: 405,
        reason: 'method-not-allowed',
        method: request.method,
        message: `method ${request.method} is not accepted: deliveries come by GET or POST; check how the sender calls the address`,
      });
      return json(405, { ok: false, error: `method ${request.method} not allowed; deliveries come by GET or POST` }, { allow: 'GET, POST' });
    }
    const params = new URL(request.url, 'http://localhost').searchParams;
    if (request.method === 'POST') await mergeBody(request, params);

    if (options.secret !== undefined) {
      const check = checkDeliverySignature(params, options.secret);
      if (check !== 'valid') {
        reportRejection(options.onRejected, params, { status: 401, method: request.method, ...signatureRefusal(params) });
        return json(401, { ok: false, error: check === 'missing' ? 'unsigned delivery (no vs_cid/vs_sig)' : 'vs_sig does not verify' });
      }
    }

    let delivery: WebhookDelivery;
    try {
      delivery = deliveryFromParams(params);
    } catch (error) {
      if (isValidationError(error)) {
        const problems = error.issues.map((i) => i.message).join('; ');
        reportRejection(options.onRejected, params, {
          status: 400,
          reason: 'malformed-delivery',
          method: request.method,
          message: `malformed delivery (${problems}): the sender must append ai_progress_update_loc, videoUrl and duration to the address it was given`,
        });
        return json(400, { ok: false, error: 'malformed delivery', issues: error.issues.map((i) => ({ path: i.path, message: i.message })) });
      }
      throw error;
    }

    const key = JSON.stringify([delivery.correlationId ?? null, delivery.location, delivery.videoUrl, delivery.duration]);
    if (seen.has(key)) return json(200, { ok: true, duplicate: true });
    seen.add(key);
    if (seen.size > limit) {
      const oldest = seen.values().next();
      if (oldest.done !== true) seen.delete(oldest.value);
    }
    try {
      await options.onDelivery(delivery, { delivery, request });
    } catch (error) {
      seen.delete(key);
      reportRejection(options.onRejected, params, {
        status: 500,
        reason: 'receiver-failed',
        method: request.method,
        message: `the receiver failed to handle the delivery (${redactedMessage(error, [options.secret, params.get(SIGNATURE_PARAM)])}); the sender was asked to send it again`,
      });
      return json(500, { ok: false, error: 'the receiver failed to handle the delivery; send it again' });
    }
    return json(200, { ok: true });
  };
}

async function mergeBody(request: Request, params: URLSearchParams): Promise<void> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  let text: string;
  try {
    text = await request.text();
  } catch {
    return;
  }
  if (text.trim() === '') return;
  let extra: Record<string, unknown> = {};
  if (type.startsWith(FORM)) extra = Object.fromEntries(new URLSearchParams(text));
  else if (type.includes('json') || /^\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) extra = parsed as Record<string, unknown>;
    } catch {
      return;
    }
  }
  // The query string wins: it is what the service is documented to send.
  for (const [name, value] of Object.entries(extra)) {
    if (!params.has(name) && (typeof value === 'string' || typeof value === 'number')) params.set(name, String(value));
  }
}

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
