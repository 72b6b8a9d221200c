import { spokenText } from './spoken-text.js';

/**
 * `spokenText(markup).length` (its rule: breaks and `</p>` become spaces, tags go, entities
 * are decoded, white space folds, ends are trimmed), counted in one pass without building the
 * text, for the script of every row a batch estimates. Markup with `&`, or a `<` that is neither
 * a break nor a tag closed before the next `<`, is left to `spokenText` itself.
 *
 * @example spokenLength('<p>Hi  Tom</p>') // 6, as spokenText gives 'Hi Tom'
 */
export function spokenLength(markup: string): number {
  if (markup.includes('&')) return spokenText(markup).length;
  let length = 0;
  let started = false;
  let space = false;
  for (let i = 0; i < markup.length; i++) {
    const code = markup.charCodeAt(i);
    if (code === LT) {
      // A break is </p> (or </P>), told here, or starts <b or <B (ASCII case folded by | 0x20): only those go to the regex.
      const second = markup.charCodeAt(i + 1) | 0x20;
      if (second === 0x2f && (markup.charCodeAt(i + 2) | 0x20) === 0x70 && markup.charCodeAt(i + 3) === 0x3e) {
        space = started;
        i += 3;
        continue;
      }
      if (second === 0x62) {
        BREAK.lastIndex = i;
        if (BREAK.test(markup)) {
          space = started;
          i = BREAK.lastIndex - 1;
          continue;
        }
      }
      const close = markup.indexOf('>', i + 1);
      const next = markup.indexOf('<', i + 1);
      if (close < 0 || (next >= 0 && next < close)) return spokenText(markup).length;
      i = close; // a tag: removed
      continue;
    }
    if (isWhiteSpace(code)) {
      space = started;
      continue;
    }
    length += space ? 2 : 1;
    space = false;
    started = true;
  }
  return length;
}

const LT = 0x3c;
/** core's BREAKS, anchored where the scan stands. */
const BREAK = /<br\s*\/?>|<\/p>/iy;

/** Characters of the `\s` class (and of `String.prototype.trim`). */
function isWhiteSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
