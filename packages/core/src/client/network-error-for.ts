import { NetworkError } from '../errors/network-error.js';
import { VsynthError } from '../errors/vsynth-error.js';

export interface NetworkErrorForOptions {
  readonly method: string;
  /** False for requests that create or spend (POSTs): the service may have processed them. */
  readonly idempotent: boolean;
  readonly signal?: AbortSignal | undefined;
  /** True when the failure came before the request was written (no token could be had). */
  readonly notSent?: boolean | undefined;
}

/**
 * Turns a failure without an answer into a `NetworkError` (or a `VSYNTH_ABORTED` error when the
 * caller's signal aborted). For a POST the message warns that the request may have been
 * processed, so a blind resend could spend cubes twice.
 *
 * @example throw networkErrorFor('POST /api/odin/v3/editor/project', error, { method: 'POST', idempotent: false })
 */
export function networkErrorFor(endpoint: string, error: unknown, options: NetworkErrorForOptions): VsynthError {
  if (options.signal?.aborted === true) {
    return new VsynthError('VSYNTH_ABORTED', `${endpoint} was aborted by the caller.`, {
      cause: options.signal.reason,
    });
  }
  const reason = describe(error);
  const notSent = options.notSent === true || wasNotSent(error);
  const failure = new NetworkError(endpoint, reason, { cause: error, notSent });
  if (!options.idempotent && !notSent) {
    // "Try again" is the wrong advice for a request that may already have been processed.
    failure.message = `Network error on ${endpoint}: ${reason}. The service may or may not have processed the request; sending it again could spend cubes twice. Check the project list (or the sandbox ledger) before resending.`;
  }
  return failure;
}

/** Codes of failures before any byte of the request reached the service (connect, DNS, TLS handshake). */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  // node:http refusing a header value before connecting.
  'ERR_INVALID_CHAR',
]);

/** How fetch's error begins when it refuses to build a header (the value follows: never echoed). */
const HEADER_REFUSED = /^Headers\.(set|append): /;

/**
 * True when the error says the request never left: a connection, name lookup or TLS handshake
 * that failed, a port fetch refuses ("bad port"), or a header fetch refused to build.
 *
 * @example
 * wasNotSent(new TypeError('fetch failed', { cause: Object.assign(new Error(), { code: 'ECONNREFUSED' }) })); // true
 */
export function wasNotSent(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (NOT_SENT_CODES.has(code) || code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_'))
    )
      return true;
    if (current.message === 'bad port' || HEADER_REFUSED.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

function describe(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET')
    return 'the connection was closed before an answer arrived';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (typeof code === 'string' && (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code.includes('CERT')))
    return `the TLS handshake failed (${code})`;
  if (cause?.message === 'bad port') return 'the port is one HTTP clients refuse to connect to';
  // fetch quotes a refused header value, which may be a credential: never echo it.
  if (code === 'ERR_INVALID_CHAR' || (error instanceof Error && HEADER_REFUSED.test(error.message)))
    return 'a header value is not valid (a credential with a line break or a non-Latin-1 character?)';
  if (typeof code === 'string') return `${code}${typeof cause?.message === 'string' ? ` (${cause.message})` : ''}`;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
