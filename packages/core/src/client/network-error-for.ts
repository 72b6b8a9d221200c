import { NetworkError } from '../errors/network-error.js';
import { VsynthError } from '../errors/vsynth-error.js';

export interface NetworkErrorForOptions {
  readonly method: string;
  /** False for requests that create or spend (POSTs): the service may have processed them. */
  readonly idempotent: boolean;
  readonly signal?: AbortSignal | undefined;
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
    return new VsynthError('VSYNTH_ABORTED', `${endpoint} was aborted by the caller.`, { cause: options.signal.reason });
  }
  const reason = describe(error);
  const failure = new NetworkError(endpoint, reason, { cause: error });
  if (!options.idempotent) {
    // "Try again" is the wrong advice for a request that may already have been processed.
    failure.message = `Network error on ${endpoint}: ${reason}. The service may or may not have processed the request; sending it again could spend cubes twice. Check the project list (or the sandbox ledger) before resending.`;
  }
  return failure;
}

function describe(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown; message?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : (error as { code?: unknown } | undefined)?.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was closed before an answer arrived';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be resolved';
  if (typeof code === 'string') return `${code}${typeof cause?.message === 'string' ? ` (${cause.message})` : ''}`;
  if (typeof cause?.message === 'string') return cause.message;
  return error instanceof Error ? error.message : String(error);
}
