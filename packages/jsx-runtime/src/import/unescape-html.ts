const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/**
 * The inverse of core's `escapeHtml` for the five entities it writes; other text is unchanged.
 *
 * @example unescapeHtml('Tom &amp; Jerry &lt;3') // 'Tom & Jerry <3'
 */
export function unescapeHtml(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}
