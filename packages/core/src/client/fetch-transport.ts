import { Readable } from 'node:stream';
import { headersTimeoutError, MAX_TIMER_MS, type Transport } from './transport.js';

/**
 * A transport over a fetch implementation (tests, proxies: the client's `fetch` option). A
 * streamed body goes out as a request stream (`duplex: 'half'`); the timer runs until the
 * answer's headers, then the body is read whole.
 *
 * @example const send = fetchTransport(globalThis.fetch)
 */
export function fetchTransport(doFetch: typeof fetch): Transport {
  return async (request) => {
    // Redirects are answers, as over node:http: following one would resend a POST as a GET.
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers: request.headers, redirect: 'manual' };
    const body = request.body;
    // The cast: under the DOM lib (a user's default) a Uint8Array<ArrayBufferLike> is not a BodyInit.
    if (typeof body === 'string' || body instanceof Uint8Array) init.body = body as NonNullable<RequestInit['body']>;
    else if (body !== undefined) {
      init.body = Readable.toWeb(Readable.from(body)) as ReadableStream<Uint8Array>;
      init.duplex = 'half';
    }
    const timeout = request.timeoutMs === undefined || request.timeoutMs > MAX_TIMER_MS ? undefined : new AbortController();
    const timer = timeout === undefined ? undefined : setTimeout(() => timeout.abort(headersTimeoutError(request.timeoutMs ?? 0)), request.timeoutMs);
    const signals = [request.signal, timeout?.signal].filter((signal): signal is AbortSignal => signal !== undefined);
    if (signals.length > 0) init.signal = signals.length === 1 ? (signals[0] as AbortSignal) : AbortSignal.any(signals);
    let response: Response;
    try {
      response = await doFetch(request.url, init);
    } catch (error) {
      // A fetch may reject with its own AbortError: the timer's reason says what happened.
      if (timeout?.signal.aborted === true && request.signal?.aborted !== true) throw timeout.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
    }
    return {
      status: response.status,
      statusText: response.statusText,
      bodyText: await response.text(),
      retryAfter: response.headers.get('retry-after'),
    };
  };
}
