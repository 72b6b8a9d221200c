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
  // One scan; text with none of the five comes back as it is, without a new string.
  let out = '';
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // '>' (62) is the highest of the five.
    const entity = code <= 62 ? ENTITY_OF[code] : undefined;
    if (entity === undefined) continue;
    out += text.slice(last, i) + entity;
    last = i + 1;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** The entity of each of the five by character code; `undefined` for every other code up to 62. */
const ENTITY_OF: readonly (string | undefined)[] = Array.from({ length: 63 }, (_, code) => HTML_ESCAPES[String.fromCharCode(code)]);
