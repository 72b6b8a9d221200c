import { defaultMaxListeners, getMaxListeners, setMaxListeners } from 'node:events';

/** One HTTP request as the client's transports send it. */
export interface TransportRequest {
  readonly method: 'GET' | 'POST';
  /** Absolute `http:` or `https:` address. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** A whole body (JSON requests) or a stream of chunks (dubbing uploads). */
  readonly body?: string | Uint8Array | AsyncIterable<Uint8Array> | undefined;
  readonly signal?: AbortSignal | undefined;
  /**
   * Limit until the answer's headers arrive; the failure is an `Error` named `TimeoutError`. A
   * limit beyond `MAX_TIMER_MS` (`Infinity`) is none: node would fire its timer after 1 ms.
   */
  readonly timeoutMs?: number | undefined;
}

/** An answer, read whole: the service's answers are small JSON documents. */
export interface TransportAnswer {
  readonly status: number;
  readonly statusText: string;
  readonly bodyText: string;
  /** The `Retry-After` header, or null. */
  readonly retryAfter: string | null;
}

/**
 * Sends one request and reads its answer, whatever the status. Rejects only when no complete
 * answer arrived, with the underlying error (a system error with `.code`, fetch's `TypeError`
 * with a `.cause`, an `AbortError` after the signal fired, or a `TimeoutError`).
 *
 * @example const answer = await transport({ method: 'GET', url: 'http://127.0.0.1:4010/x', headers: {} })
 */
export type Transport = (request: TransportRequest) => Promise<TransportAnswer>;

/** The longest delay a node timer holds (about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The error a transport rejects with when `timeoutMs` passed without an answer's headers.
 *
 * @example throw headersTimeoutError(30_000)
 */
export function headersTimeoutError(timeoutMs: number): Error {
  const error = new Error(`no answer within ${timeoutMs} ms`);
  error.name = 'TimeoutError';
  return error;
}

/**
 * Each request in flight adds an abort listener to its signal; a caller passing one signal to
 * many concurrent requests would get node's "possible memory leak" warning at the 11th. As fetch
 * does, a signal still at node's default limit gets a higher one.
 *
 * @example allowManyListeners(signal)
 */
export function allowManyListeners(signal: AbortSignal): void {
  if (getMaxListeners(signal) === defaultMaxListeners) setMaxListeners(1500, signal);
}
