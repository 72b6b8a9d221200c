import { hash } from 'node:crypto';
import { isValidationError } from '../errors/validation-error.js';
import { SIGNATURE_PARAM } from './correlate-webhook-url.js';
import { deliveryValueProblem, type DeliveryValueOptions } from './check-delivery-values.js';
import { checkDeliverySignature, deliveryFromParams, type WebhookDelivery } from './parse-delivery.js';
import { SettledDeliveries } from './settled-deliveries.js';
import { redactedMessage, reportRejection, signatureRefusal, type OnWebhookRejected } from './webhook-rejection.js';

/** State handed to `onDelivery`. */
export interface DeliveryState {
  readonly delivery: WebhookDelivery;
  /** The request as a Fetch API `Request` (its body already read). */
  readonly request: Request;
}

export interface WebhookHandlerOptions extends DeliveryValueOptions {
  /**
   * When given, only deliveries whose `vs_sig` verifies are accepted; others get 401. Each signed
   * correlation id then settles once: a copy of the delivery that settled it is answered 200
   * `{duplicate: true}`, any other delivery with that id 409.
   */
  readonly secret?: string | undefined;
  /**
   * A file where settled correlation ids are kept (hashed, one line each), so that a restarted
   * receiver still refuses a replay. Default: remembered in memory only.
   */
  readonly settledFile?: string | undefined;
  /** Called once per distinct delivery. Throwing answers 500 so the sender retries. */
  readonly onDelivery: (delivery: WebhookDelivery, state: DeliveryState) => void | Promise<void>;
  /** How many delivery keys to remember for de-duplication. Default 10,000. */
  readonly rememberLimit?: number;
  /**
   * Called once per refused request (any answer but 200) with a reason code and a one-line message;
   * never the secret, `vs_sig` or the URL.
   */
  readonly onRejected?: OnWebhookRejected | undefined;
}

/** A webhook request as the receiver reads it, whichever server it came through. */
export interface DeliveryRequest {
  readonly method: string;
  /** The request's URL, or its path with the query. */
  readonly target: string;
  readonly contentType: string | null;
  /** The body as text; empty when there is none or it could not be read. */
  readonly body: string;
}

/** The answer to a webhook request: a JSON body (none for HEAD), and `allow` for a 405. */
export interface DeliveryAnswer {
  readonly status: number;
  readonly body: string | null;
  readonly allow?: string;
}

/** Answers one request; `fetchRequest` gives it as a Fetch `Request` when `onDelivery` asks for one. */
export type DeliveryReceiver = (request: DeliveryRequest, fetchRequest: () => Request) => Promise<DeliveryAnswer>;

const FORM = 'application/x-www-form-urlencoded';

/** The largest POST body a receiver reads; a delivery is a few parameters. */
export const MAX_DELIVERY_BODY_BYTES = 1024 * 1024;

/** Reports a POST body over {@link MAX_DELIVERY_BODY_BYTES} to `onRejected` and gives the 413 to answer. */
export function refuseLargeBody(
  onRejected: OnWebhookRejected | undefined,
  params: URLSearchParams | undefined,
  method: string,
): DeliveryAnswer {
  reportRejection(onRejected, params, {
    status: 413,
    reason: 'body-too-large',
    method,
    message:
      `the request body is over ${MAX_DELIVERY_BODY_BYTES / 1024 / 1024} MiB: a delivery is a few parameters; ` +
      'check the sender posts deliveries, not files, to this address',
  });
  return TOO_LARGE;
}

const TOO_LARGE: DeliveryAnswer = { status: 413, body: '{"ok":false,"error":"delivery body too large"}' };

/**
 * The protocol of a webhook receiver, for the Fetch handler and the `node:http` listener alike. Deliveries
 * come by GET or POST (the service does not document which), their parameters in the query string or a
 * form or JSON body. A missing or forged signature answers 401, a malformed delivery 400, a repeated one
 * 200 without calling `onDelivery` again.
 */
export function createDeliveryReceiver(options: WebhookHandlerOptions): DeliveryReceiver {
  if (options.secret === '') {
    throw new TypeError(
      'A webhook receiver needs a non-empty secret (anyone can sign with an empty one); ' +
        'leave secret out to accept unsigned deliveries.',
    );
  }
  const limit = options.rememberLimit ?? 10_000;
  const seen = new Set<string>();
  const settled = new SettledDeliveries({ limit, file: options.settledFile });

  return async (request, fetchRequest) => {
    const { method } = request;
    // A sender probing the address is answered without processing anything.
    if (method === 'HEAD') return { status: 200, body: null };
    const params = new URL(request.target, 'http://localhost').searchParams;
    if (method !== 'GET' && method !== 'POST') {
      reportRejection(options.onRejected, params, {
        status: 405,
        reason: 'method-not-allowed',
        method,
        message:
          `method ${method} is not accepted: deliveries come by GET or POST; ` +
          'check how the sender calls the address',
      });
      const error = `method ${method} not allowed; deliveries come by GET or POST`;
      return { ...json(405, { ok: false, error }), allow: 'GET, POST' };
    }
    if (method === 'POST') mergeBody(request.body, request.contentType, params);

    if (options.secret !== undefined) {
      const check = checkDeliverySignature(params, options.secret);
      if (check !== 'valid') {
        const refusal = signatureRefusal(params);
        reportRejection(options.onRejected, params, { status: 401, method, ...refusal });
        const error =
          check === 'missing'
            ? 'unsigned delivery (no vs_cid/vs_sig)'
            : refusal.reason === 'repeated-parameter'
              ? 'vs_cid or vs_sig repeated'
              : 'vs_sig does not verify';
        return json(401, { ok: false, error });
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
          method,
          message:
            `malformed delivery (${problems}): the sender must append ai_progress_update_loc, videoUrl and ` +
            'duration to the address it was given',
        });
        const issues = error.issues.map((i) => ({ path: i.path, message: i.message }));
        return json(400, { ok: false, error: 'malformed delivery', issues });
      }
      throw error;
    }

    // The signature covers the correlation id only: the values it does not cover are checked here.
    const problem = deliveryValueProblem(delivery, options);
    if (problem !== undefined) {
      reportRejection(options.onRejected, params, { status: 401, method, ...problem });
      return json(401, { ok: false, error: problem.message });
    }

    // A digest, so a remembered delivery costs the same few bytes however long its parameters.
    const { correlationId, location, videoUrl, duration } = delivery;
    const key = hash('sha256', JSON.stringify([correlationId ?? null, location, videoUrl, duration]), 'base64');
    if (options.secret !== undefined && correlationId !== undefined) {
      const settledBy = settled.get(correlationId);
      if (settledBy === key) return json(200, { ok: true, duplicate: true });
      if (settledBy !== undefined) {
        reportRejection(options.onRejected, params, {
          status: 409,
          reason: 'already-settled',
          method,
          message:
            'this correlation id was already settled by a delivery with other values; a replay of its signed ' +
            'address is ignored',
        });
        return json(409, { ok: false, error: 'correlation id already settled by another delivery' });
      }
      settled.claim(correlationId, key);
      try {
        await options.onDelivery(delivery, deliveryState(delivery, fetchRequest));
      } catch (error) {
        settled.release(correlationId);
        return receiverFailed(options, params, method, error);
      }
      settled.persist(correlationId, key);
      return ACCEPTED;
    }
    if (seen.has(key)) return json(200, { ok: true, duplicate: true });
    seen.add(key);
    if (seen.size > limit) {
      const oldest = seen.values().next();
      if (oldest.done !== true) seen.delete(oldest.value);
    }
    try {
      await options.onDelivery(delivery, deliveryState(delivery, fetchRequest));
    } catch (error) {
      seen.delete(key);
      return receiverFailed(options, params, method, error);
    }
    return ACCEPTED;
  };
}

/** Reports an `onDelivery` that threw, and answers 500 so that the sender sends the delivery again. */
function receiverFailed(
  options: WebhookHandlerOptions,
  params: URLSearchParams,
  method: string,
  error: unknown,
): DeliveryAnswer {
  const detail = redactedMessage(error, [options.secret, params.get(SIGNATURE_PARAM)]);
  reportRejection(options.onRejected, params, {
    status: 500,
    reason: 'receiver-failed',
    method,
    message: `the receiver failed to handle the delivery (${detail}); the sender was asked to send it again`,
  });
  return json(500, { ok: false, error: 'the receiver failed to handle the delivery; send it again' });
}

const ACCEPTED: DeliveryAnswer = { status: 200, body: '{"ok":true}' };

function deliveryState(delivery: WebhookDelivery, fetchRequest: () => Request): DeliveryState {
  let request: Request | undefined;
  return {
    delivery,
    get request() {
      request ??= fetchRequest();
      return request;
    },
  };
}

/** Adds a POST body's form or JSON fields to the query's parameters; the query string wins. */
function mergeBody(text: string, contentType: string | null, params: URLSearchParams): void {
  if (text.trim() === '') return;
  const type = (contentType ?? '').toLowerCase();
  // Every value of a form field, so a repeated vs_cid or vs_sig is refused as it is in the query.
  let extra: Iterable<[string, unknown]> = [];
  if (type.startsWith(FORM)) extra = new URLSearchParams(text);
  else if (type.includes('json') || /^\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
        extra = Object.entries(parsed);
      }
    } catch {
      return;
    }
  }
  // The query string is what the service is documented to send, so it wins.
  const inQuery = new Set(params.keys());
  for (const [name, value] of extra) {
    if (inQuery.has(name)) continue;
    if (typeof value === 'string' || typeof value === 'number') params.append(name, String(value));
  }
}

function json(status: number, body: unknown): DeliveryAnswer {
  return { status, body: JSON.stringify(body) };
}
