const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for the script fields (`org`), where the service reads p and span tags.
 *
 * @example escapeHtml('Tom & Jerry <3') // 'Tom &amp; Jerry &lt;3'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}
