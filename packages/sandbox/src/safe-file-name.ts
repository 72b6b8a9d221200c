/**
 * A client's file name reduced to what is safe to store and echo in a `Content-Disposition`
 * header: its last path segment (`/` and `\` both separate), without control characters, quotes
 * or leading dots, at most 200 characters; `upload` when nothing is left.
 *
 * @example safeFileName('../../../../tmp/x') // 'x'
 * @example safeFileName('C:\\videos\\promo "final".mp4') // "promo _final_.mp4"
 */
export function safeFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned === '' ? 'upload' : cleaned;
}

/**
 * The `Content-Disposition` of a download named `name` (made safe first): an ASCII `filename`
 * for old clients and the exact name as `filename*` (RFC 6266), since a header holds no other text.
 *
 * @example attachmentDisposition('北京.mp4') // `attachment; filename="__.mp4"; filename*=UTF-8''%E5%8C%97%E4%BA%AC.mp4`
 */
export function attachmentDisposition(name: string): string {
  const safe = safeFileName(name);
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  return ascii === safe
    ? `attachment; filename="${safe}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(safe)}`;
}
