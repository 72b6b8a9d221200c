import { displayedBox, type Issue } from '@vsynth/core';
import type { StudioClipBox } from './studio-types.js';

/**
 * The displayed box, in canvas pixels, of the clip a layout issue (`scenes[s].clips[c]…`) is about, so the
 * page can outline it on its scene; undefined for other issues.
 *
 * @example clipBoxOf(overflow, payload) // { scene: 0, left: 80, top: 120, width: 1000, height: 180 }
 */
export function clipBoxOf(item: Issue, payload: unknown): StudioClipBox | undefined {
  if (item.code !== 'layout') return undefined;
  const [scenes, scene, clips, index] = item.path;
  if (scenes !== 'scenes' || clips !== 'clips' || typeof scene !== 'number' || typeof index !== 'number') {
    return undefined;
  }
  const clip = (payload as { scenes?: { clips?: unknown[] }[] } | null)?.scenes?.[scene]?.clips?.[index];
  try {
    const box = displayedBox(clip as never, { path: item.path.slice(0, 4) });
    return { scene, left: box.left, top: box.top, width: box.width, height: box.height };
  } catch {
    return undefined;
  }
}
