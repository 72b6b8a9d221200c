export interface BackoffOptions {
  /** Delay before the first retry, before jitter. Default 300 ms. */
  readonly baseDelayMs?: number;
  /** Upper bound of any one delay. Default 10 s. */
  readonly maxDelayMs?: number;
  /** Source of randomness for the jitter, in [0, 1). Default `Math.random`. */
  readonly random?: () => number;
}

/**
 * Exponential backoff with "equal jitter": half the exponential delay is fixed, the other half
 * random, so retries of many clients spread out but never collapse to zero.
 *
 * @example backoffDelay(3, { baseDelayMs: 100, random: () => 0.5 }) // 300 (400/2 + 0.5*400/2)
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseDelayMs ?? 300;
  const max = options.maxDelayMs ?? 10_000;
  const random = options.random ?? Math.random;
  const exponential = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
