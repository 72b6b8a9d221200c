import { displayedBox, issue, type CanvasSize, type Issue, type PathSegment } from '@vsynth/core';

/**
 * Smallest text height, in pixels of a 1080-pixel-high canvas, that stays readable in an exported video on a
 * phone: 24 px is about 2.2 % of the frame height, the usual floor for subtitles.
 */
export const MIN_TEXT_PIXELS = 24;

type Json = Record<string, unknown>;

/**
 * Geometry checks of a v3 payload, each a warning at the clip's path (compile locates it at its element):
 * a clip partly or wholly off the canvas, text smaller than {@link MIN_TEXT_PIXELS}, and two visible clips
 * stacked exactly on one another (same type and box).
 */
export function findLayoutIssues(payload: unknown, canvas: CanvasSize): Issue[] {
  const found: Issue[] = [];
  const scenes = (payload as Json)['scenes'];
  if (!Array.isArray(scenes)) return found;
  for (const [s, scene] of scenes.entries()) {
    const clips = (scene as Json)['clips'];
    if (!Array.isArray(clips)) continue;
    const seen = new Map<string, number>();
    for (const [c, raw] of clips.entries()) {
      const clip = raw as Json;
      if (clip['type'] === 'audio' || clip['isDelete'] === true) continue;
      const path: PathSegment[] = ['scenes', s, 'clips', c];
      let box;
      try {
        box = displayedBox(clip as never, { path });
      } catch {
        continue; // core's validation reports the unreadable number
      }
      const what = `${String(clip['type'])} clip`;
      const right = box.left + box.width;
      const bottom = box.top + box.height;
      const size = `${round(box.width)}×${round(box.height)} at (${round(box.left)}, ${round(box.top)})`;
      const outside = right <= 0 || bottom <= 0 || box.left >= canvas.width || box.top >= canvas.height;
      const partly = box.left < 0 || box.top < 0 || right > canvas.width || bottom > canvas.height;
      if (outside) {
        const message = `${what} ${size} is wholly off the ${canvas.width}×${canvas.height} canvas; it will not be seen`;
        found.push(issue({ code: 'layout', severity: 'warning', message, path }));
      } else if (partly && clip['type'] !== 'aiModel') {
        const message = `${what} ${size} runs off the ${canvas.width}×${canvas.height} canvas; the part outside is cut`;
        found.push(issue({ code: 'layout', severity: 'warning', message, path }));
      }
      if (clip['type'] === 'textImage') {
        const fontSize = typeof clip['fontSize'] === 'number' ? clip['fontSize'] : 48;
        const scaleY = typeof clip['scaleY'] === 'number' ? clip['scaleY'] : 1;
        const pixels = (fontSize * scaleY * 1080) / Math.min(canvas.width, canvas.height);
        if (pixels < MIN_TEXT_PIXELS) {
          const message =
            `text of ${round(pixels)} px (fontSize ${fontSize} × scaleY ${scaleY}, at 1080p) is smaller than ` +
            `${MIN_TEXT_PIXELS} px, hard to read in a video; make it larger`;
          found.push(issue({ code: 'layout', severity: 'warning', message, path }));
        }
      }
      const key = `${String(clip['type'])}|${box.left}|${box.top}|${box.width}|${box.height}`;
      const twin = seen.get(key);
      if (twin !== undefined) {
        const message = `${what} ${size} lies exactly on clips[${twin}] of the same scene; one of them hides the other`;
        found.push(issue({ code: 'layout', severity: 'warning', message, path }));
      } else seen.set(key, c);
    }
  }
  return found;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
