import { displayedBox, issue, type CanvasSize, type Issue, type PathSegment } from '@vsynth/core';

/**
 * Smallest text height, in pixels of a 1080-pixel-high canvas, that stays readable in an exported video on a
 * phone: 24 px is about 2.2 % of the frame height, the usual floor for subtitles.
 */
export const MIN_TEXT_PIXELS = 24;

type Json = Record<string, unknown>;

/**
 * Share of a text or image box that a clip of a higher layer may cover before it counts as hidden. An
 * avatar's box is wider than the figure in it, so a title that only touches its edge is not flagged.
 */
export const HIDDEN_SHARE = 0.25;

/**
 * Geometry checks of a v3 payload, each a warning at the clip's path (compile locates it at its element):
 * a clip partly or wholly off the canvas, text smaller than {@link MIN_TEXT_PIXELS}, two visible clips
 * stacked exactly on one another (same type and box), and text or an image more than {@link HIDDEN_SHARE}
 * under a clip of a higher layer (the avatar above a title).
 */
export function findLayoutIssues(payload: unknown, canvas: CanvasSize): Issue[] {
  const found: Issue[] = [];
  const scenes = (payload as Json)['scenes'];
  if (!Array.isArray(scenes)) return found;
  for (const [s, scene] of scenes.entries()) {
    const clips = (scene as Json)['clips'];
    if (!Array.isArray(clips)) continue;
    const seen = new Map<string, number>();
    const placed: Placed[] = [];
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
      placed.push({ index: c, type: String(clip['type']), layer: layerOf(clip), box, path });
      const what = `${String(clip['type'])} clip`;
      const right = box.left + box.width;
      const bottom = box.top + box.height;
      const outside = right <= 0 || bottom <= 0 || box.left >= canvas.width || box.top >= canvas.height;
      const partly = box.left < 0 || box.top < 0 || right > canvas.width || bottom > canvas.height;
      if (outside) {
        const message = `${what} ${size(box)} is wholly off the ${canvas.width}×${canvas.height} canvas; it will not be seen`;
        found.push(issue({ code: 'layout', severity: 'warning', message, path }));
      } else if (partly && clip['type'] !== 'aiModel') {
        const message = `${what} ${size(box)} runs off the ${canvas.width}×${canvas.height} canvas; the part outside is cut`;
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
        const message = `${what} ${size(box)} lies exactly on clips[${twin}] of the same scene; one of them hides the other`;
        found.push(issue({ code: 'layout', severity: 'warning', message, path }));
      } else seen.set(key, c);
    }
    found.push(...findHidden(placed));
  }
  return found;
}

interface Placed {
  readonly index: number;
  readonly type: string;
  readonly layer: number;
  readonly box: { left: number; top: number; width: number; height: number };
  readonly path: PathSegment[];
}

function layerOf(clip: Json): number {
  return typeof clip['layer'] === 'number' ? clip['layer'] : 0;
}

/** Text and images that a clip of a higher layer covers by more than {@link HIDDEN_SHARE}: one warning each. */
function findHidden(placed: readonly Placed[]): Issue[] {
  const found: Issue[] = [];
  for (const under of placed) {
    if (under.type !== 'textImage' && under.type !== 'image') continue;
    const area = under.box.width * under.box.height;
    if (area <= 0) continue;
    let worst: { over: Placed; share: number } | undefined;
    for (const over of placed) {
      if (over.layer <= under.layer) continue;
      const share = overlap(under.box, over.box) / area;
      if (share > HIDDEN_SHARE && (worst === undefined || share > worst.share)) worst = { over, share };
    }
    if (worst === undefined) continue;
    const { over, share } = worst;
    const what = under.type === 'textImage' ? 'text' : 'image';
    const message =
      `${what} ${size(under.box)} on layer ${under.layer} is ${Math.round(share * 100)}% under clips[${over.index}], ` +
      `${article(over.type)} ${over.type} clip ${size(over.box)} on layer ${over.layer}; move one of them or put the ` +
      `${what} on a higher layer`;
    found.push(issue({ code: 'layout', severity: 'warning', message, path: under.path }));
  }
  return found;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

function overlap(a: Placed['box'], b: Placed['box']): number {
  const width = Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left);
  const height = Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top);
  return width > 0 && height > 0 ? width * height : 0;
}

function size(box: Placed['box']): string {
  return `${round(box.width)}×${round(box.height)} at (${round(box.left)}, ${round(box.top)})`;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}
