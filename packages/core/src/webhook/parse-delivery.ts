import { issue } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { DECIMAL_TEXT, webhookDeliveryQuerySchema } from '../schemas/webhook-delivery.js';
import { zodIssuesToIssues } from '../validate/zod-issues-to-issues.js';
import { CORRELATION_ID_PARAM, SIGNATURE_PARAM, verifyCorrelationSignature } from './correlate-webhook-url.js';

/** A delivery of an export result, typed. */
export interface WebhookDelivery {
  /** `ai_progress_update_loc`: where the created project is saved. */
  readonly location: string;
  /** Download link of the exported file. */
  readonly videoUrl: string;
  /** Duration of the exported file as a number (the spec sends decimal text; unit not shown). */
  readonly duration: number;
  /** `vs_cid`, when the address was made with `correlateWebhookUrl`. */
  readonly correlationId?: string;
}

export interface ParseDeliveryOptions {
  /** When given, `vs_cid` and `vs_sig` are required and the signature must verify. */
  readonly secret?: string | undefined;
}

/** Whether a delivery's correlation signature is present and valid for a secret. */
export type SignatureCheck = 'valid' | 'missing' | 'forged';

/**
 * Checks `vs_cid`/`vs_sig` of a delivery address against a secret.
 *
 * @example checkDeliverySignature(new URL(request.url).searchParams, secret) // 'valid'
 */
export function checkDeliverySignature(params: URLSearchParams, secret: string): SignatureCheck {
  const id = params.get(CORRELATION_ID_PARAM);
  const signature = params.get(SIGNATURE_PARAM);
  if (id === null || signature === null) return 'missing';
  // A signed address has one of each: with a second vs_cid, one signed id could vouch for another.
  if (isRepeated(params, CORRELATION_ID_PARAM) || isRepeated(params, SIGNATURE_PARAM)) return 'forged';
  return verifyCorrelationSignature(id, signature, secret) ? 'valid' : 'forged';
}

/** Whether `name` appears more than once in `params`. */
export function isRepeated(params: URLSearchParams, name: string): boolean {
  return params.getAll(name).length > 1;
}

/**
 * Reads a webhook delivery from its address (or a `Request`, using its URL): the spec's
 * `ai_progress_update_loc`, `videoUrl` and `duration` query parameters, plus the correlation id.
 * Throws a `ValidationError` listing missing or malformed parameters, or a bad signature.
 *
 * @example
 * const delivery = parseDelivery('http://127.0.0.1:9000/?vs_cid=r1&vs_sig=…&ai_progress_update_loc=p1&videoUrl=https%3A%2F%2Fcdn%2Fp1.mp4&duration=12.5', { secret })
 * delivery.duration // 12.5
 */
export function parseDelivery(input: string | URL | Request | { readonly url: string }, options: ParseDeliveryOptions = {}): WebhookDelivery {
  const url = typeof input === 'string' ? new URL(input, 'http://localhost') : input instanceof URL ? input : new URL(input.url, 'http://localhost');
  return deliveryFromParams(url.searchParams, options);
}

/**
 * {@link parseDelivery} on already-extracted parameters (e.g. a POST form body merged in).
 *
 * @example deliveryFromParams(new URLSearchParams('ai_progress_update_loc=p&videoUrl=https%3A%2F%2Fcdn%2Fv.mp4&duration=8.5')) // { location: 'p', videoUrl: 'https://cdn/v.mp4', duration: 8.5 }
 */
export function deliveryFromParams(params: URLSearchParams, options: ParseDeliveryOptions = {}): WebhookDelivery {
  if (options.secret !== undefined) {
    const check = checkDeliverySignature(params, options.secret);
    if (check !== 'valid') {
      const message =
        check === 'missing'
          ? `the delivery carries no ${CORRELATION_ID_PARAM}/${SIGNATURE_PARAM}; it was not sent to an address made by correlateWebhookUrl with this secret`
          : isRepeated(params, CORRELATION_ID_PARAM) || isRepeated(params, SIGNATURE_PARAM)
            ? `${CORRELATION_ID_PARAM} or ${SIGNATURE_PARAM} appears more than once; an address made by correlateWebhookUrl has one of each, so the delivery is forged or its address was altered`
            : `${SIGNATURE_PARAM} does not verify for ${CORRELATION_ID_PARAM}; the delivery is forged or was signed with another secret`;
      throw new ValidationError([issue({ code: 'rule', path: [SIGNATURE_PARAM], message })], { subject: 'webhook delivery' });
    }
  }
  const query = Object.fromEntries(params);
  // The id checked above (the first), whatever a repeated one says.
  const firstId = params.get(CORRELATION_ID_PARAM);
  if (firstId !== null) query[CORRELATION_ID_PARAM] = firstId;
  // The schema's rules, read without zod: a batch receives its deliveries in a fresh process,
  // where a zod parse cost ~15 µs of the ~70 µs a delivery took beyond node:http. The schema
  // still says what is wrong.
  const { ai_progress_update_loc: location, videoUrl, duration, vs_cid: correlationId } = isWellFormed(query) ? query : schemaChecked(query);
  return { location, videoUrl, duration: Number(duration), ...(correlationId === undefined ? {} : { correlationId }) };
}

/** The fields of a delivery's query that make the delivery. */
interface DeliveryFields {
  readonly ai_progress_update_loc: string;
  readonly videoUrl: string;
  readonly duration: string;
  readonly vs_cid?: string | undefined;
}

/** What the schema accepts, told without zod. */
function isWellFormed(query: Record<string, string>): query is Record<string, string> & DeliveryFields {
  const { ai_progress_update_loc: location, videoUrl, duration } = query;
  return location !== undefined && videoUrl !== undefined && videoUrl !== '' && duration !== undefined && DECIMAL_TEXT.test(duration) && Number.isFinite(Number(duration));
}

/** The query as the schema reads it, or a ValidationError saying what is wrong. */
function schemaChecked(query: Record<string, string>): DeliveryFields {
  const parsed = webhookDeliveryQuerySchema.safeParse(query);
  if (!parsed.success) throw new ValidationError(zodIssuesToIssues(parsed.error, { input: query, rootName: 'the delivery query' }), { subject: 'webhook delivery' });
  return parsed.data;
}
