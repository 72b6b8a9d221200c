import { issue } from '../errors/issue.js';
import { ValidationError } from '../errors/validation-error.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { webhookDeliveryQuerySchema } from '../schemas/webhook-delivery.js';
import { zodIssuesToIssues } from '../validate/zod-issues-to-issues.js';
import { CORRELATION_ID_PARAM, SIGNATURE_PARAM, verifyCorrelationSignature } from './correlate-webhook-url.js';

/** A delivery of an export result, typed. */
export interface WebhookDelivery {
  /** `ai_progress_update_loc`: where the created project is saved. */
  readonly location: string;
  /** Download link of the exported file. */
  readonly videoUrl: string;
  /** Duration of the exported file, sent as decimal text in an undocumented unit. */
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

export function isRepeated(params: URLSearchParams, name: string): boolean {
  return params.getAll(name).length > 1;
}

/**
 * Reads a webhook delivery from its address (or a `Request`'s URL): the service's `ai_progress_update_loc`,
 * `videoUrl` and `duration` plus the correlation id. Throws a `ValidationError` for a malformed delivery or
 * a bad signature.
 *
 * @example parseDelivery(request, { secret }).videoUrl
 */
export function parseDelivery(
  input: string | URL | Request | { readonly url: string },
  options: ParseDeliveryOptions = {},
): WebhookDelivery {
  const url = input instanceof URL ? input : new URL(typeof input === 'string' ? input : input.url, 'http://localhost');
  return deliveryFromParams(url.searchParams, options);
}

/** {@link parseDelivery} on already-extracted parameters, e.g. with a POST form body merged in. */
export function deliveryFromParams(params: URLSearchParams, options: ParseDeliveryOptions = {}): WebhookDelivery {
  if (options.secret !== undefined) {
    const check = checkDeliverySignature(params, options.secret);
    if (check !== 'valid') {
      const message = signatureProblem(params, check);
      throw new ValidationError([issue({ code: 'rule', path: [SIGNATURE_PARAM], message })], {
        subject: 'webhook delivery',
      });
    }
  }
  const query = Object.fromEntries(params);
  // The id checked above (the first), whatever a repeated one says.
  const firstId = params.get(CORRELATION_ID_PARAM);
  if (firstId !== null) query[CORRELATION_ID_PARAM] = firstId;
  const parsed = webhookDeliveryQuerySchema.safeParse(query);
  if (!parsed.success) {
    const issues = zodIssuesToIssues(parsed.error, { input: query, rootName: 'the delivery query' });
    throw new ValidationError(issues, { subject: 'webhook delivery' });
  }
  const { ai_progress_update_loc: location, videoUrl, duration, vs_cid: correlationId } = parsed.data;
  return { location, videoUrl, duration: Number(duration), ...omitUndefined({ correlationId }) };
}

function signatureProblem(params: URLSearchParams, check: 'missing' | 'forged'): string {
  if (check === 'missing') {
    return (
      `the delivery carries no ${CORRELATION_ID_PARAM}/${SIGNATURE_PARAM}; ` +
      'it was not sent to an address made by correlateWebhookUrl with this secret'
    );
  }
  if (isRepeated(params, CORRELATION_ID_PARAM) || isRepeated(params, SIGNATURE_PARAM)) {
    return (
      `${CORRELATION_ID_PARAM} or ${SIGNATURE_PARAM} appears more than once; an address made by ` +
      'correlateWebhookUrl has one of each, so the delivery is forged or its address was altered'
    );
  }
  return (
    `${SIGNATURE_PARAM} does not verify for ${CORRELATION_ID_PARAM}; ` +
    'the delivery is forged or was signed with another secret'
  );
}
