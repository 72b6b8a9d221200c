/**
 * Test helper (test-*.ts is not built): why the tests that draw CJK, Hindi and Tamil cannot run here, or
 * undefined when the Noto families they need are installed.
 */
import { loadFontCatalog } from './font-catalog.js';

const NEEDED_FAMILIES = ['Noto Sans CJK', 'Noto Sans Devanagari', 'Noto Sans Tamil'];

export const notoFontsMissing: string | undefined = (() => {
  const catalog = loadFontCatalog();
  const missing = NEEDED_FAMILIES.filter((family) => catalog.resolveFamily(family) === undefined);
  if (missing.length === 0) return undefined;
  return `${missing.join(', ')} not installed; apt-get install fonts-noto-core fonts-noto-cjk`;
})();

/** `name`, with the reason it is skipped when the Noto fonts are missing. */
export function needsNotoFonts(name: string): string {
  return notoFontsMissing === undefined ? name : `${name} (skipped: ${notoFontsMissing})`;
}
