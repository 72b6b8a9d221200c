/**
 * The text a script speaks, as the cube cost counts it and the preview times it: breaks and paragraph
 * ends become spaces, other tags go, the common entities are decoded, white space folds and the ends are
 * trimmed. Anything but a string is `''`.
 *
 * @example spokenText('<p>Tom &amp; Jerry</p><p>say  hi</p>') // 'Tom & Jerry say hi'
 */
export function spokenText(markup: unknown): string {
  if (typeof markup !== 'string') return '';
  return markup
    .replace(BREAKS, ' ')
    .replace(TAGS, '')
    .replace(ENTITIES, (entity) => ENTITY_TEXT[entity]!)
    .replace(WHITE_SPACE, ' ')
    .trim();
}

const BREAKS = /<br\s*\/?>|<\/p>/gi;
const TAGS = /<[^>]*>/g;
// One left-to-right pass with `&amp;` among the others, so `&amp;lt;` stays `&lt;`.
const ENTITIES = /&(?:nbsp|lt|gt|quot|#39|apos|amp);/g;
const ENTITY_TEXT: Readonly<Record<string, string>> = {
  '&nbsp;': ' ',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
  '&amp;': '&',
};
const WHITE_SPACE = /\s+/g;
