/**
 * A clip id derived from its position, so the same tree always gives the same ids:
 * `${type}-${fnv1a(sceneIndex + '/' + elementPath)}` in 8 hex digits.
 *
 * @example clipId('textImage', 0, '2') // 'textImage-4d7e6b36'
 */
export function clipId(type: string, sceneIndex: number, elementPath: string): string {
  const input = `${sceneIndex}/${elementPath}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < input.length; i++) hash = Math.imul(hash ^ input.charCodeAt(i), 0x01000193) >>> 0;
  return `${type}-${hash.toString(16).padStart(8, '0')}`;
}
