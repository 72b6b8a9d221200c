const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Escapes the five characters that change the meaning of HTML text. Used for script text
 * (`org`, modify `scripts_N`), where the service reads p and span tags; `spokenText` reads it
 * back. The TSX compiler and the templates both escape with it.
 *
 * @example escapeHtml('Tom & Jerry <3') // 'Tom &amp; Jerry &lt;3'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}
