import { isIP } from 'node:net';
import type { WebhookDelivery } from './parse-delivery.js';

/** The longest `duration` a delivery may report by default: 24 hours, in seconds. */
export const MAX_DELIVERY_DURATION_SECONDS = 86_400;

export interface DeliveryValueOptions {
  /**
   * Host names `videoUrl` may point to (`.name` allows its subdomains too). Default: any host, over
   * https, or http on this machine (the sandbox's links).
   */
  readonly allowedVideoHosts?: readonly string[] | undefined;
  /** The largest `duration` accepted, seconds. Default {@link MAX_DELIVERY_DURATION_SECONDS}. */
  readonly maxDurationSeconds?: number | undefined;
}

/** Why a delivery's values are refused, and the message; undefined when they are fine. */
export interface DeliveryValueProblem {
  readonly reason: 'disallowed-video-url' | 'duration-out-of-range';
  readonly message: string;
}

/**
 * Checks what the signature does not cover: `vs_sig` signs the correlation id only, since the
 * service signs nothing, so whoever holds one signed address could send any `videoUrl` and
 * `duration` with it. `videoUrl` must be https (or http on this machine) and, when configured, on
 * an allowed host; `duration` a finite number of seconds from 0 to `maxDurationSeconds`.
 *
 * @example deliveryValueProblem({ location: '', videoUrl: 'javascript:alert(1)', duration: 1 })?.reason
 * // 'disallowed-video-url'
 */
export function deliveryValueProblem(
  delivery: WebhookDelivery,
  options: DeliveryValueOptions = {},
): DeliveryValueProblem | undefined {
  const shown = JSON.stringify(
    delivery.videoUrl.length > 100 ? `${delivery.videoUrl.slice(0, 100)}…` : delivery.videoUrl,
  );
  let url: URL | undefined;
  try {
    url = new URL(delivery.videoUrl);
  } catch {
    url = undefined;
  }
  const host = url?.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1') ?? '';
  const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && isLoopbackHost(host));
  if (url === undefined || !secure) {
    return {
      reason: 'disallowed-video-url',
      message: `videoUrl ${shown} is not an https address (http only on this machine); the delivery is not from the service`,
    };
  }
  const allowed = options.allowedVideoHosts;
  if (allowed !== undefined && !allowed.some((entry) => hostMatches(host, entry))) {
    return {
      reason: 'disallowed-video-url',
      message: `videoUrl ${shown} is on ${host}, not one of the allowed video hosts (${allowed.join(', ')})`,
    };
  }
  const max = options.maxDurationSeconds ?? MAX_DELIVERY_DURATION_SECONDS;
  if (!(Number.isFinite(delivery.duration) && delivery.duration >= 0 && delivery.duration <= max)) {
    return {
      reason: 'duration-out-of-range',
      message: `duration ${delivery.duration} is not a number of seconds from 0 to ${max}; the delivery is not from the service`,
    };
  }
  return undefined;
}

function isLoopbackHost(host: string): boolean {
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

function hostMatches(host: string, entry: string): boolean {
  const wanted = entry.toLowerCase();
  if (!wanted.startsWith('.')) return host === wanted;
  return host === wanted.slice(1) || host.endsWith(wanted);
}
