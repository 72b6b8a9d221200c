/** CSS weight keywords and numbers to 100–900. */
export function fontWeight(value: unknown): number {
  if (typeof value === 'number') return Math.min(900, Math.max(100, Math.round(value / 100) * 100));
  if (value === 'bold' || value === 'bolder') return 700;
  if (value === 'lighter') return 300;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? fontWeight(parsed) : 400;
}
