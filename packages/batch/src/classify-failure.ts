import { isApiError, isNetworkError, isTimeoutError, isVsynthError, omitUndefined } from '@vsynth/core';

/** What a failed try of a row's request means for the row. */
export interface FailureVerdict {
  /** `retry` and `failed`: nothing was accepted (try again, or give up); `unknown`: it may have been accepted. */
  readonly kind: 'retry' | 'failed' | 'unknown';
  readonly reason: string;
  readonly status?: number;
  readonly retryAfterMs?: number;
  /** The answer applies to every row (credentials refused): the batch stops. */
  readonly stopsBatch?: boolean;
}

/** Codes of connection failures that happen before any byte of the request reached the service. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/**
 * Answers "may this request be sent again?". An error answer means nothing was accepted: 408, 429
 * and 5xx are retried, other 4xx fail; 401, 403 and a 404 of a shared project stop the batch. A
 * request that may have reached the service unanswered is `unknown`: the service has no
 * idempotency key, so sending it again could spend cubes twice.
 *
 * @example
 * classifyFailure(new ApiError({ status: 503, endpoint }), false) // { kind: 'retry', reason: 'http_503', status: 503 }
 */
export function classifyFailure(error: unknown, sharedProject: boolean): FailureVerdict {
  if (isApiError(error)) {
    // A 2xx the client cannot read (a new answer shape, a gateway's page) may still be an accepted request.
    if (error.status >= 200 && error.status < 300 && !saysFailed(error.body))
      return { kind: 'unknown', reason: 'unreadable_answer' };
    const reason = `http_${error.status}`;
    if (error.transient) {
      return {
        kind: 'retry',
        reason,
        status: error.status,
        ...omitUndefined({ retryAfterMs: error.retryAfterMs }),
      };
    }
    const stopsBatch = error.status === 401 || error.status === 403 || (error.status === 404 && sharedProject);
    return { kind: 'failed', reason, status: error.status, ...(stopsBatch ? { stopsBatch: true } : {}) };
  }
  if (isNetworkError(error)) {
    // `notSent`: the client saw the failure happen before the request left (refused, DNS, TLS, bad port).
    const notSent = (error as { notSent?: unknown }).notSent === true || NOT_SENT.has(causeCode(error) ?? '');
    return notSent ? { kind: 'retry', reason: 'network' } : { kind: 'unknown', reason: 'lost_response' };
  }
  if (isTimeoutError(error)) return { kind: 'unknown', reason: 'timeout' };
  if (isVsynthError(error) && error.code === 'VSYNTH_VALIDATION') return { kind: 'failed', reason: 'invalid' };
  return { kind: 'failed', reason: 'error' };
}

/** A body with `success: false`: the service said it did not do it. */
function saysFailed(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('VSYNTH_')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
