/**
 * The text of a script as the cube cost counts it: tags (`<p>`, `<span …>`) removed, `&nbsp;`,
 * `&lt;`, `&gt;`, `&quot;`, `&#39;` and `&amp;` decoded, ends trimmed. Anything but a string is `''`.
 *
 * @example spokenText('<p>Tom &amp; Jerry</p>') // 'Tom & Jerry'
 */
export function spokenText(markup: unknown): string {
  if (typeof markup !== 'string') return '';
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
