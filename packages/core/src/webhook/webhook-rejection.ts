import { REDACTED, redactSecrets } from '../client/redact-secrets.js';
import { CORRELATION_ID_PARAM, SIGNATURE_PARAM } from './correlate-webhook-url.js';
import { isRepeated } from './parse-delivery.js';

/**
 * Why a webhook receiver refused a request, one code per cause:
 * - `method-not-allowed` (405): neither GET, POST nor HEAD.
 * - `unsigned` (401): a secret is set and the request carries neither `vs_cid` nor `vs_sig`.
 * - `missing-correlation-id` (401): `vs_sig` without `vs_cid`.
 * - `missing-signature` (401): `vs_cid` without `vs_sig`.
 * - `malformed-signature` (401): `vs_sig` is not 64 hex digits.
 * - `repeated-parameter` (401): `vs_cid` or `vs_sig` appears more than once.
 * - `bad-signature` (401): `vs_sig` is well formed but not the HMAC of `vs_cid` under this secret.
 * - `malformed-delivery` (400): the spec's parameters are missing or malformed.
 * - `body-too-large` (413): a POST body over the listener's limit (1 MiB).
 * - `receiver-failed` (500): `onDelivery` threw; the sender is asked to send it again.
 * - `aborted` (500): the request did not arrive whole: the sender hung up, or the listener was
 *   closed while its body was still arriving.
 * - `internal-error` (500): the listener could not read the request otherwise.
 */
export type WebhookRejectionReason =
  | 'method-not-allowed'
  | 'unsigned'
  | 'missing-correlation-id'
  | 'missing-signature'
  | 'malformed-signature'
  | 'repeated-parameter'
  | 'bad-signature'
  | 'malformed-delivery'
  | 'body-too-large'
  | 'receiver-failed'
  | 'aborted'
  | 'internal-error';

/**
 * One refused request, as handed to `onRejected`. It never holds the secret, the `vs_sig` value
 * or the request URL (which carries `vs_sig`).
 *
 * @example
 * { status: 401, reason: 'bad-signature', method: 'GET', correlationId: 'row-7',
 *   message: 'vs_sig does not verify: the sender signed with another secret; check VSYNTH_WEBHOOK_SECRET on both ends' }
 */
export interface WebhookRejection {
  /** The HTTP status answered. */
  readonly status: number;
  readonly reason: WebhookRejectionReason;
  /** One line: what was wrong and what to do. */
  readonly message: string;
  /** The request method, e.g. `GET`. */
  readonly method: string;
  /** `vs_cid` as sent, when there is one. Not verified: a refused request may carry any text. */
  readonly correlationId?: string;
}

/** Called once per refused request; what it throws (or its promise rejects with) is ignored (the answer stays the same). */
export type OnWebhookRejected = (rejection: WebhookRejection) => void;

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;
const FULL_ADDRESS = `give the sender the full webhook address vsynth made (with ${CORRELATION_ID_PARAM} and ${SIGNATURE_PARAM})`;

/**
 * The reason and message for a delivery whose signature check failed under a secret.
 *
 * @example signatureRefusal(new URLSearchParams('vs_cid=r1&vs_sig=abc')) // { reason: 'malformed-signature', message: 'vs_sig is not 64 hex digits: …' }
 */
export function signatureRefusal(params: URLSearchParams): { readonly reason: WebhookRejectionReason; readonly message: string } {
  const id = params.get(CORRELATION_ID_PARAM);
  const signature = params.get(SIGNATURE_PARAM);
  if (id === null && signature === null) {
    return {
      reason: 'unsigned',
      message: `the delivery carries no ${CORRELATION_ID_PARAM}/${SIGNATURE_PARAM} but this listener checks signatures: ${FULL_ADDRESS}, or listen without a secret`,
    };
  }
  if (id === null) return { reason: 'missing-correlation-id', message: `the delivery has ${SIGNATURE_PARAM} but no ${CORRELATION_ID_PARAM}: the address was cut or altered; ${FULL_ADDRESS}` };
  if (signature === null) return { reason: 'missing-signature', message: `the delivery has ${CORRELATION_ID_PARAM} but no ${SIGNATURE_PARAM}: the address was cut or altered; ${FULL_ADDRESS}` };
  for (const name of [CORRELATION_ID_PARAM, SIGNATURE_PARAM]) {
    if (isRepeated(params, name)) {
      return { reason: 'repeated-parameter', message: `${name} appears more than once: an address made by correlateWebhookUrl has one, so the address was altered (or the delivery is forged); ${FULL_ADDRESS}` };
    }
  }
  if (!HEX_SIGNATURE.test(signature)) {
    return { reason: 'malformed-signature', message: `${SIGNATURE_PARAM} is not 64 hex digits: the address was cut or altered on its way; ${FULL_ADDRESS}` };
  }
  return {
    reason: 'bad-signature',
    message: `${SIGNATURE_PARAM} does not verify: the sender signed with another secret (or the delivery is forged); check VSYNTH_WEBHOOK_SECRET on both ends`,
  };
}

/**
 * Calls `onRejected` with the correlation id (when sent) added; a throwing callback is ignored so
 * the sender's answer does not change.
 *
 * @example reportRejection(options.onRejected, params, { status: 405, reason: 'method-not-allowed', method: 'PUT', message: '…' })
 */
export function reportRejection(
  onRejected: OnWebhookRejected | undefined,
  params: URLSearchParams | undefined,
  rejection: Omit<WebhookRejection, 'correlationId'>,
): void {
  if (onRejected === undefined) return;
  const correlationId = params?.get(CORRELATION_ID_PARAM) ?? undefined;
  try {
    const reported: unknown = onRejected({ ...rejection, ...(correlationId === undefined ? {} : { correlationId }) });
    // An async callback's rejection would otherwise be unhandled, which ends a Node process.
    if (reported instanceof Promise) reported.catch(() => undefined);
  } catch {
    // The report is advice; the HTTP answer is what the sender acts on.
  }
}

/**
 * One line of an error's message for a rejection, with the secret and signature redacted
 * (`redactSecrets`, and any `vs_sig=` value the message quotes).
 *
 * @example redactedMessage(new Error('disk full'), ['s3cret']) // 'disk full'
 */
export function redactedMessage(error: unknown, hidden: readonly (string | null | undefined)[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = redactSecrets(message, hidden.filter((value): value is string => typeof value === 'string'))
    .replace(/vs_sig=[^&\s]*/gi, `vs_sig=${REDACTED}`)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text === '' ? 'no detail' : text;
}
