/**
 * The column a mistyped name most likely meant: a case-insensitive match, else the nearest by
 * edit distance within about a third of the name's length; undefined when nothing is close.
 *
 * @example closestColumn('frstName', ['firstName', 'email']) // 'firstName'
 */
export function closestColumn(name: string, columns: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  for (const column of columns) {
    if (column.toLowerCase() === name.toLowerCase()) return column;
    const d = distance(name.toLowerCase(), column.toLowerCase());
    if (d < bestDistance) {
      best = column;
      bestDistance = d;
    }
  }
  return best;
}

function distance(a: string, b: string): number {
  const previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = previous[0]!;
    previous[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = previous[j]!;
      previous[j] = Math.min(above + 1, previous[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return previous[b.length]!;
}
