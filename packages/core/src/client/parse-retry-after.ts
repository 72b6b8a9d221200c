/**
 * Reads a `Retry-After` header (delay in seconds, or an HTTP date) as milliseconds from `now`.
 * Returns `undefined` when the header is absent or unreadable; never negative.
 *
 * @example parseRetryAfter('2', Date.now()) // 2000
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
