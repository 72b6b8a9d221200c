import { REDACTED, redactSecrets } from '../client/redact-secrets.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { CORRELATION_ID_PARAM, SIGNATURE_PARAM } from './correlate-webhook-url.js';
import { isRepeated } from './parse-delivery.js';

/** Why a webhook receiver refused a request, one code per cause; the rejection's `message` says more. */
export type WebhookRejectionReason =
  | 'method-not-allowed' // 405: neither GET, POST nor HEAD
  | 'unsigned' // 401: a secret is set and the request carries neither vs_cid nor vs_sig
  | 'missing-correlation-id' // 401
  | 'missing-signature' // 401
  | 'malformed-signature' // 401: vs_sig is not 64 hex digits
  | 'repeated-parameter' // 401: vs_cid or vs_sig appears more than once
  | 'bad-signature' // 401: not the HMAC of vs_cid under this secret
  | 'malformed-delivery' // 400
  | 'disallowed-video-url' // 401: videoUrl neither https nor http on this machine, or not on an allowed host
  | 'duration-out-of-range' // 401: duration not a number of seconds from 0 to maxDurationSeconds
  | 'already-settled' // 409: a signed correlation id already settled by a delivery with other values
  | 'body-too-large' // 413: a POST body over 1 MiB
  | 'receiver-failed' // 500: onDelivery threw; the sender is asked to send it again
  | 'aborted' // 500: the sender hung up, or the listener closed, before the request arrived whole
  | 'internal-error'; // 500: the listener could not read the request otherwise

/** One refused request, as handed to `onRejected`; never the secret, `vs_sig` or the URL that carries it. */
export interface WebhookRejection {
  /** The HTTP status answered. */
  readonly status: number;
  readonly reason: WebhookRejectionReason;
  /** One line: what was wrong and what to do. */
  readonly message: string;
  readonly method: string;
  /** `vs_cid` as sent, when there is one. Not verified: a refused request may carry any text. */
  readonly correlationId?: string;
}

/** Called once per refused request; what it throws or rejects with is ignored. */
export type OnWebhookRejected = (rejection: WebhookRejection) => void;

const HEX_SIGNATURE = /^[0-9a-f]{64}$/i;
const FULL_ADDRESS = `give the sender the full webhook address vsynth made (with ${CORRELATION_ID_PARAM} and ${SIGNATURE_PARAM})`;
const ALTERED = `the address was cut or altered; ${FULL_ADDRESS}`;

/** The reason and message for a delivery whose signature check failed under a secret. */
export function signatureRefusal(params: URLSearchParams): {
  readonly reason: WebhookRejectionReason;
  readonly message: string;
} {
  const id = params.get(CORRELATION_ID_PARAM);
  const signature = params.get(SIGNATURE_PARAM);
  if (id === null && signature === null) {
    return {
      reason: 'unsigned',
      message:
        `the delivery carries no ${CORRELATION_ID_PARAM}/${SIGNATURE_PARAM} but this listener checks signatures: ` +
        `${FULL_ADDRESS}, or listen without a secret`,
    };
  }
  if (id === null) {
    const message = `the delivery has ${SIGNATURE_PARAM} but no ${CORRELATION_ID_PARAM}: ${ALTERED}`;
    return { reason: 'missing-correlation-id', message };
  }
  if (signature === null) {
    const message = `the delivery has ${CORRELATION_ID_PARAM} but no ${SIGNATURE_PARAM}: ${ALTERED}`;
    return { reason: 'missing-signature', message };
  }
  for (const name of [CORRELATION_ID_PARAM, SIGNATURE_PARAM]) {
    if (isRepeated(params, name)) {
      const message =
        `${name} appears more than once: an address made by correlateWebhookUrl has one, ` +
        `so the address was altered (or the delivery is forged); ${FULL_ADDRESS}`;
      return { reason: 'repeated-parameter', message };
    }
  }
  if (!HEX_SIGNATURE.test(signature)) {
    const message = `${SIGNATURE_PARAM} is not 64 hex digits: the address was cut or altered on its way; ${FULL_ADDRESS}`;
    return { reason: 'malformed-signature', message };
  }
  return {
    reason: 'bad-signature',
    message:
      `${SIGNATURE_PARAM} does not verify: the sender signed with another secret (or the delivery is forged); ` +
      'check VSYNTH_WEBHOOK_SECRET on both ends',
  };
}

/** Calls `onRejected` with the correlation id (when sent) added; a throwing callback is ignored. */
export function reportRejection(
  onRejected: OnWebhookRejected | undefined,
  params: URLSearchParams | undefined,
  rejection: Omit<WebhookRejection, 'correlationId'>,
): void {
  if (onRejected === undefined) return;
  const correlationId = params?.get(CORRELATION_ID_PARAM) ?? undefined;
  try {
    const reported: unknown = onRejected({ ...rejection, ...omitUndefined({ correlationId }) });
    // An async callback's rejection would otherwise be unhandled, which ends a Node process.
    if (reported instanceof Promise) reported.catch(() => undefined);
  } catch {
    // The report is advice; the HTTP answer is what the sender acts on.
  }
}

/** One line of an error's message for a rejection, with the secrets and any quoted `vs_sig=` value redacted. */
export function redactedMessage(error: unknown, hidden: readonly (string | null | undefined)[]): string {
  const message = error instanceof Error ? error.message : String(error);
  const text = redactSecrets(
    message,
    hidden.filter((value): value is string => typeof value === 'string'),
  )
    .replace(/vs_sig=[^&\s]*/gi, `vs_sig=${REDACTED}`)
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text === '' ? 'no detail' : text;
}
