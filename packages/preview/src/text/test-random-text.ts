/**
 * Test helper (test-*.ts is not built): seeded random texts of the scripts the text layout meets in
 * titles and captions, so a property test sees the same strings on every run.
 */

/** Code point ranges words are drawn from, most of them simply shaped scripts (see shapedAdvanceBound). */
const SIMPLE: readonly (readonly [number, number])[] = [
  [0x41, 0x5a], // A–Z
  [0x61, 0x7a], // a–z
  [0x30, 0x39], // digits
  [0x21, 0x2f], // ASCII punctuation
  [0xc0, 0x17f], // Latin-1 letters, Latin Extended-A
  [0x1ea0, 0x1ef9], // Vietnamese
  [0x391, 0x3c9], // Greek
  [0x410, 0x44f], // Cyrillic
  [0x2010, 0x2026], // dashes, quotes, ellipsis
  [0x3041, 0x3096], // Hiragana
  [0x30a1, 0x30fa], // Katakana
  [0x4e00, 0x4fff], // Han
  [0xac00, 0xaeff], // Hangul syllables
  [0xff01, 0xff5e], // full-width forms
];
/** A few characters that are shaped exactly (marks, Arabic, Devanagari, emoji), mixed in now and then. */
const COMPLEX = ['\u0301', 'ب', 'ع', 'न', 'ि', '😀', '\u200d'];

/** A generator of pseudo-random numbers in [0, 1) from `seed` (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One to `maxWords` words of one to twelve characters, mostly of one script, now and then a newline. */
export function randomText(random: () => number, maxWords = 10): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const words: string[] = [];
  const count = 1 + Math.floor(random() * maxWords);
  for (let w = 0; w < count; w++) {
    const [start, end] = pick(SIMPLE);
    let word = '';
    const length = 1 + Math.floor(random() * 12);
    for (let i = 0; i < length; i++) {
      // Mostly the word's own script, sometimes any other, rarely a character shaped exactly.
      const [from, to] = random() < 0.8 ? [start, end] : pick(SIMPLE);
      word += random() < 0.02 ? pick(COMPLEX) : String.fromCodePoint(from + Math.floor(random() * (to - from + 1)));
    }
    words.push(word);
  }
  return words.map((word, i) => (i === 0 ? word : `${random() < 0.1 ? '\n' : ' '}${word}`)).join('');
}
