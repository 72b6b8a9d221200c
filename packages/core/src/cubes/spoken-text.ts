/**
 * The text a script speaks, as the cube cost counts it and the preview times it: line breaks
 * (`<br>`) and paragraph ends (`</p>`) become spaces, other tags (`<p>`, `<span …>`) are removed,
 * `&nbsp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`/`&apos;` and `&amp;` decoded, runs of white space
 * folded to one space, ends trimmed. Anything but a string is `''`.
 *
 * @example spokenText('<p>Tom &amp; Jerry</p><p>say  hi</p>') // 'Tom & Jerry say hi'
 */
export function spokenText(markup: unknown): string {
  if (typeof markup !== 'string') return '';
  return markup
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/p>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
