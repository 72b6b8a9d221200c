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
  // Four passes in the order of the rules (breaks, tags, entities, white space), each skipped when
  // its first character is absent: a batch estimates every row, so this runs once per script.
  let text = markup;
  if (text.includes('<')) text = text.replace(BREAKS, ' ').replace(TAGS, '');
  if (text.includes('&')) text = text.replace(ENTITIES, (entity) => ENTITY_TEXT[entity]!);
  // Folding rewrites every space; most scripts have nothing to fold (only single plain spaces).
  return (NEEDS_FOLDING.test(text) ? text.replace(WHITE_SPACE, ' ') : text).trim();
}

const BREAKS = /<br\s*\/?>|<\/p>/gi;
const TAGS = /<[^>]*>/g;
// `&amp;` is decoded with the others in one left-to-right pass, so `&amp;lt;` stays `&lt;`.
const ENTITIES = /&(?:nbsp|lt|gt|quot|#39|apos|amp);/g;
const ENTITY_TEXT: Readonly<Record<string, string>> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'", '&amp;': '&' };
const WHITE_SPACE = /\s+/g;
/** Two white-space characters in a row, or one that is not a plain space. */
const NEEDS_FOLDING = /\s\s|[^\S ]/;
