/** What every HTTP-date form holds (IMF-fixdate, RFC 850, asctime): a month name, then hh:mm:ss. */
const HTTP_DATE = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)\b.*\b\d\d:\d\d:\d\d\b/i;

/**
 * Reads a `Retry-After` header (delay in seconds, or an HTTP date) as milliseconds from `now`.
 * Returns `undefined` when the header is absent or unreadable (`-1`, `+5`: `Date.parse` would
 * read them as dates in 2001, "retry now"); never negative.
 *
 * @example parseRetryAfter('2', Date.now()) // 2000
 */
export function parseRetryAfter(header: string | null | undefined, now: number): number | undefined {
  if (header === null || header === undefined) return undefined;
  const text = header.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!HTTP_DATE.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
