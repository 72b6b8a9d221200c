/**
 * Test helper (not shipped: test-*.ts is outside the build): why the tests that draw CJK, Hindi
 * and Tamil text cannot run on this machine, or undefined when the Noto families they draw with are
 * installed (.ci/run installs them). Without them the preview draws those scripts as empty boxes.
 */
import { loadFontCatalog } from './font-catalog.js';

const NEEDED_FAMILIES = ['Noto Sans CJK', 'Noto Sans Devanagari', 'Noto Sans Tamil'];

export const notoFontsMissing: string | undefined = (() => {
  const catalog = loadFontCatalog();
  const missing = NEEDED_FAMILIES.filter((family) => catalog.resolveFamily(family) === undefined);
  return missing.length === 0 ? undefined : `${missing.join(', ')} not installed; apt-get install fonts-noto-core fonts-noto-cjk`;
})();

/** `name`, with the reason it is skipped when the Noto fonts are missing. */
export function needsNotoFonts(name: string): string {
  return notoFontsMissing === undefined ? name : `${name} (skipped: ${notoFontsMissing})`;
}
