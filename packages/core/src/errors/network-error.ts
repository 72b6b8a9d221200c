import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/**
 * The request never got an answer: connection refused or reset, DNS failure, socket closed.
 *
 * @example new NetworkError('POST /api/odin/v3/editor/project', 'connection refused').message
 * // 'Network error on POST /api/odin/v3/editor/project: connection refused. Check the base URL and your connection, then try again.'
 */
export class NetworkError extends VsynthError {
  override name = 'NetworkError';
  readonly endpoint: string;
  /**
   * True when the failure happened before the request left (refused connection, DNS, TLS
   * handshake): nothing reached the service, so sending again cannot spend twice.
   */
  readonly notSent: boolean;

  constructor(endpoint: string, reason: string, options: VsynthErrorOptions & { readonly notSent?: boolean } = {}) {
    const { notSent = false, ...rest } = options;
    super(
      'VSYNTH_NETWORK',
      notSent
        ? `Network error on ${endpoint}: ${reason}. Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.`
        : `Network error on ${endpoint}: ${reason}. Check the base URL and your connection, then try again.`,
      rest,
    );
    this.endpoint = endpoint;
    this.notSent = notSent;
  }
}

/**
 * True for a `NetworkError`, also one thrown by a second installed copy of the library.
 *
 * @example if (isNetworkError(error)) console.error('is the sandbox running?')
 */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || (value instanceof Error && value.name === 'NetworkError');
}
