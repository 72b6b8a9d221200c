import { spokenText } from './spoken-text.js';

/** The number of characters a script speaks, as the cube cost counts them, e.g. 6 for `<p>Hi  Tom</p>`. */
export function spokenLength(markup: string): number {
  return spokenText(markup).length;
}
