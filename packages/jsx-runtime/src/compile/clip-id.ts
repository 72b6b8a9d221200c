/**
 * A clip id derived from its position, so the same tree always gives the same ids:
 * `${type}-${fnv1a(sceneIndex + '/' + elementPath)}` in 8 hex digits.
 *
 * @example clipId('textImage', 0, '2') // 'textImage-…'
 */
export function clipId(type: string, sceneIndex: number, elementPath: string): string {
  return formatClipId(type, clipHash(sceneIndex, elementPath));
}

/**
 * The 32-bit hash in {@link clipId}: FNV-1a of `${sceneIndex}/${elementPath}`, without joining them.
 *
 * @example formatClipId('textImage', clipHash(0, '2')) === clipId('textImage', 0, '2') // true
 */
export function clipHash(sceneIndex: number, elementPath: string): number {
  let hash = fnv1a(0x811c9dc5, String(sceneIndex));
  hash = Math.imul(hash ^ 0x2f, 0x01000193) >>> 0; // '/'
  return fnv1a(hash, elementPath);
}

/**
 * `${type}-` and the hash in 8 hex digits, as {@link clipId} writes it.
 *
 * @example formatClipId('shape', 0xff) // 'shape-000000ff'
 */
export function formatClipId(type: string, hash: number): string {
  // The 8 digits as one string from their character codes: `toString(16)` of a number above
  // 2^31 takes the slow double path, and joining per-byte strings builds several strings per id.
  return `${type}-${String.fromCharCode(
    HEX_CODES[hash >>> 28]!,
    HEX_CODES[(hash >>> 24) & 15]!,
    HEX_CODES[(hash >>> 20) & 15]!,
    HEX_CODES[(hash >>> 16) & 15]!,
    HEX_CODES[(hash >>> 12) & 15]!,
    HEX_CODES[(hash >>> 8) & 15]!,
    HEX_CODES[(hash >>> 4) & 15]!,
    HEX_CODES[hash & 15]!,
  )}`;
}

function fnv1a(hash: number, text: string): number {
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/** Character codes of `0`…`9`, `a`…`f`. */
const HEX_CODES: readonly number[] = Array.from('0123456789abcdef', (digit) => digit.charCodeAt(0));
