/** The query parameters the service appends to a webhook address. */
export interface DeliveryParams {
  readonly ai_progress_update_loc: string;
  readonly videoUrl: string;
  readonly duration: string;
}

/**
 * Appends the delivery parameters to a webhook address, keeping its query as written (e.g. the
 * client's `vs_cid`/`vs_sig`) and dropping any `#fragment`.
 *
 * @example deliveryUrl('http://h/hook?vs_cid=1', { ai_progress_update_loc: 'x', videoUrl: 'y', duration: '3.5' })
 * // 'http://h/hook?vs_cid=1&ai_progress_update_loc=x&videoUrl=y&duration=3.5'
 */
export function deliveryUrl(webhookUrl: string, params: DeliveryParams): string {
  const hash = webhookUrl.indexOf('#');
  const base = hash === -1 ? webhookUrl : webhookUrl.slice(0, hash);
  const query = new URLSearchParams({ ...params }).toString();
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${query}`;
}

/** `origin + pathname` of an address, for logs (the query may carry correlation data). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}
