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
  // Most script text has none of the five: return it without building a new string.
  return HAS_SPECIAL.test(text) ? text.replace(SPECIALS, escapeChar) : text;
}

const HAS_SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;

function escapeChar(char: string): string {
  return HTML_ESCAPES[char] ?? char;
}
