import { VsynthError, type VsynthErrorOptions } from './vsynth-error.js';

/** The request never got an answer: connection refused or reset, DNS failure, socket closed. */
export class NetworkError extends VsynthError {
  override name = 'NetworkError';
  readonly endpoint: string;
  /** The failure happened before the request left, so sending again cannot spend twice. */
  readonly notSent: boolean;

  constructor(endpoint: string, reason: string, options: VsynthErrorOptions & { readonly notSent?: boolean } = {}) {
    const { notSent = false, ...rest } = options;
    const advice = notSent
      ? 'Nothing was sent, so it is safe to retry: check the base URL and that the service is reachable.'
      : 'Check the base URL and your connection, then try again.';
    super('VSYNTH_NETWORK', `Network error on ${endpoint}: ${reason}. ${advice}`, rest);
    this.endpoint = endpoint;
    this.notSent = notSent;
  }
}

/** True for a `NetworkError`, also one thrown by a second installed copy of the library. */
export function isNetworkError(value: unknown): value is NetworkError {
  return value instanceof NetworkError || (value instanceof Error && value.name === 'NetworkError');
}
