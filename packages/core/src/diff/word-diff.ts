/** One run of a word-level diff: words kept (`=`), removed (`-`) or added (`+`). */
export interface WordChange {
  readonly op: '=' | '-' | '+';
  readonly text: string;
}

/** Longer texts are compared as one replaced run (the table would be too large). */
const MAX_CELLS = 4_000_000;

/**
 * A word-level diff of two texts (longest common subsequence of the words), adjacent words of one kind
 * joined into a run.
 *
 * @example wordDiff('Spring launch today', 'Spring sale today')
 * // [{op:'=',text:'Spring'},{op:'-',text:'launch'},{op:'+',text:'sale'},{op:'=',text:'today'}]
 */
export function wordDiff(before: string, after: string): WordChange[] {
  const a = words(before);
  const b = words(after);
  const out: { op: WordChange['op']; text: string }[] = [];
  const push = (op: WordChange['op'], word: string): void => {
    const last = out.at(-1);
    if (last !== undefined && last.op === op) last.text += ` ${word}`;
    else out.push({ op, text: word });
  };
  if (a.length * b.length > MAX_CELLS) {
    if (a.length > 0) push('-', a.join(' '));
    if (b.length > 0) push('+', b.join(' '));
    return out;
  }
  // lcs[i][j]: length of the LCS of a[i..] and b[j..].
  const width = b.length + 1;
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * width + j + 1]! + 1
          : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      push('=', a[i] as string);
      i++;
      j++;
    } else if (i < a.length && (j === b.length || lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) {
      push('-', a[i] as string);
      i++;
    } else {
      push('+', b[j] as string);
      j++;
    }
  }
  return out;
}

/**
 * A word diff as one line: kept words as they are, `[-removed-]`, `{+added+}`.
 *
 * @example formatWordDiff(wordDiff('Spring launch', 'Spring sale')) // 'Spring [-launch-] {+sale+}'
 */
export function formatWordDiff(changes: readonly WordChange[]): string {
  return changes.map((c) => (c.op === '=' ? c.text : c.op === '-' ? `[-${c.text}-]` : `{+${c.text}+}`)).join(' ');
}

function words(text: string): string[] {
  return text.split(/\s+/).filter((w) => w !== '');
}
