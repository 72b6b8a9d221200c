import { estimateCubes } from '../cubes/estimate-cubes.js';
import { sceneSpeech } from '../cubes/scene-scripts.js';
import { avatarEditorScale } from '../geometry/avatar-model.js';
import { omitUndefined } from '../object/omit-undefined.js';
import { canonicalJson } from './canonical-json.js';
import { jsonEqual } from './json-equal.js';
import { contentKey, matchScenes } from './match-scenes.js';
import type { ClipRef, VideoChange, VideoDiff, VideoMeasures } from './video-diff.js';
import { wordDiff } from './word-diff.js';

type Json = Record<string, unknown>;

export interface DiffPayloadsOptions {
  /** Seconds a payload lasts (e.g. `@vsynth/preview`'s estimate), reported before and after. */
  readonly estimateDuration?: (payload: Json) => number;
}

/** Clip fields a change kind of its own covers, or that positions alone decide (ids). */
const COVERED = [
  'id',
  'name',
  'type',
  'left',
  'top',
  'width',
  'height',
  'scaleX',
  'scaleY',
  'text',
  'script',
  'model',
  'layer',
];
/** A move or resize below this many pixels is float noise. */
const PX = 0.05;

/**
 * Compares two v3 create requests as videos: scenes added, removed or reordered, speech and text word by
 * word, clips moved, resized or changed, and the estimates before and after. Clip ids and `sceneIdx` are
 * not compared, since compilers derive them from positions.
 *
 * @example
 * const diff = diffPayloads(before, after);
 * if (!diff.equal) console.log(formatVideoDiff(diff));
 */
export function diffPayloads(before: unknown, after: unknown, options: DiffPayloadsOptions = {}): VideoDiff {
  const a = asJson(before);
  const b = asJson(after);
  const scenesA = jsonArray(a['scenes']);
  const scenesB = jsonArray(b['scenes']);
  const speechA = sceneSpeech(a, 'v3').map((s) => s.text);
  const speechB = sceneSpeech(b, 'v3').map((s) => s.text);
  const changes: VideoChange[] = [];
  for (const key of fieldKeys(a, b, ['scenes'])) {
    changes.push({ kind: 'field', field: key, before: a[key], after: b[key] });
  }

  const pairs = matchScenes(scenesA, scenesB, { before: speechA, after: speechB });
  const pairedA = new Set(pairs.map(([x]) => x));
  const pairedB = new Set(pairs.map(([, y]) => y));
  scenesA.forEach((scene, i) => {
    if (!pairedA.has(i)) changes.push({ kind: 'scene-removed', scene: i, label: sceneLabel(scene, speechA[i] ?? '') });
  });
  scenesB.forEach((scene, i) => {
    if (!pairedB.has(i)) changes.push({ kind: 'scene-added', scene: i, label: sceneLabel(scene, speechB[i] ?? '') });
  });
  const order = pairs.map(([x]) => x);
  if (order.some((x, i) => i > 0 && x < (order[i - 1] as number))) changes.push({ kind: 'scenes-reordered', order });

  for (const [i, j] of pairs) {
    const sa = scenesA[i] as Json;
    const sb = scenesB[j] as Json;
    if (!jsonEqual(sa['background'], sb['background'])) {
      const before = describeBackground(sa['background']);
      changes.push({ kind: 'background', scene: j, before, after: describeBackground(sb['background']) });
    }
    const ta = speechA[i] ?? '';
    const tb = speechB[j] ?? '';
    if (ta !== tb) changes.push({ kind: 'script', scene: j, before: ta, after: tb, words: wordDiff(ta, tb) });
    for (const key of fieldKeys(sa, sb, ['sceneIdx', 'scripts', 'background', 'clips'])) {
      changes.push({ kind: 'field', scene: j, field: key, before: sa[key], after: sb[key] });
    }
    diffClips(jsonArray(sa['clips']), jsonArray(sb['clips']), i, j, changes);
  }
  return { equal: changes.length === 0, changes, before: measure(a, options), after: measure(b, options) };
}

function diffClips(
  allA: readonly Json[],
  allB: readonly Json[],
  sceneA: number,
  sceneB: number,
  changes: VideoChange[],
): void {
  // A deleted avatar (variant A's stand-in in a scene without one) is neither seen nor heard.
  const shown = (clips: readonly Json[]): { clip: Json; index: number }[] =>
    clips
      .map((clip, index) => ({ clip, index }))
      .filter(({ clip }) => !(clip['type'] === 'aiModel' && clip['isDelete'] === true));
  const shownA = shown(allA);
  const shownB = shown(allB);
  const clipsA = shownA.map((c) => c.clip);
  const clipsB = shownB.map((c) => c.clip);
  const indexA = (i: number): number => (shownA[i] as { index: number }).index;
  const indexB = (i: number): number => (shownB[i] as { index: number }).index;
  const pairs = matchClips(clipsA, clipsB);
  const pairedA = new Set(pairs.map(([x]) => x));
  const pairedB = new Set(pairs.map(([, y]) => y));
  clipsA.forEach((clip, c) => {
    if (!pairedA.has(c)) changes.push({ kind: 'clip-removed', at: ref(clip, sceneA, indexA(c)) });
  });
  clipsB.forEach((clip, c) => {
    if (!pairedB.has(c)) changes.push({ kind: 'clip-added', at: ref(clip, sceneB, indexB(c)) });
  });
  for (const [x, y] of pairs) {
    const ca = clipsA[x] as Json;
    const cb = clipsB[y] as Json;
    const at = ref(cb, sceneB, indexB(y));
    const ma = (ca['model'] ?? {}) as Json;
    const mb = (cb['model'] ?? {}) as Json;
    const avatarChanged =
      cb['type'] === 'aiModel' && (ma['ai_name'] !== mb['ai_name'] || ma['emotion'] !== mb['emotion']);
    const textChanged = cb['type'] === 'textImage' && ca['text'] !== cb['text'];
    if (avatarChanged) {
      const before = { ai_name: ma['ai_name'], emotion: ma['emotion'] };
      changes.push({ kind: 'avatar', at, before, after: { ai_name: mb['ai_name'], emotion: mb['emotion'] } });
    }
    if (textChanged) {
      const before = String(ca['text'] ?? '');
      const after = String(cb['text'] ?? '');
      changes.push({ kind: 'text', at, before, after, words: wordDiff(before, after) });
    }
    const boxA = box(ca);
    const boxB = box(cb);
    if (boxA !== undefined && boxB !== undefined) {
      const sizeChanged = Math.abs(boxA.width - boxB.width) > PX || Math.abs(boxA.height - boxB.height) > PX;
      const cornerMoved = Math.abs(boxA.left - boxB.left) > PX || Math.abs(boxA.top - boxB.top) > PX;
      const dcx = boxB.left + boxB.width / 2 - (boxA.left + boxA.width / 2);
      const dcy = boxB.top + boxB.height / 2 - (boxA.top + boxA.height / 2);
      const centreMoved = Math.abs(dcx) > PX || Math.abs(dcy) > PX;
      // A box placed by its corner grows from the corner, one placed by its centre from the centre: neither moved.
      if (cornerMoved && centreMoved) {
        const dx = sizeChanged ? dcx : boxB.left - boxA.left;
        const dy = sizeChanged ? dcy : boxB.top - boxA.top;
        changes.push({ kind: 'moved', at, dx: round(dx), dy: round(dy) });
      }
      // The size of a text box follows its text, that of an avatar its model: report the cause.
      const implied =
        (textChanged && ca['fontSize'] === cb['fontSize'] && ca['width'] !== cb['width']) ||
        (avatarChanged && ca['scaleX'] === cb['scaleX'] && ca['scaleY'] === cb['scaleY']);
      if (sizeChanged && !implied) {
        const before = { width: round(boxA.width), height: round(boxA.height) };
        changes.push({ kind: 'resized', at, before, after: { width: round(boxB.width), height: round(boxB.height) } });
      }
    }
    if (ca['layer'] !== cb['layer']) changes.push({ kind: 'layer', at, before: ca['layer'], after: cb['layer'] });
    for (const key of fieldKeys(ca, cb, COVERED)) {
      changes.push({ kind: 'field', at, field: key, before: ca[key], after: cb[key] });
    }
    if (!avatarChanged && cb['type'] === 'aiModel' && !jsonEqual(ma, mb)) {
      changes.push({ kind: 'field', at, field: 'model', before: ca['model'], after: cb['model'] });
    }
  }
}

/** Same type and content with the same id, then same type and content, then same id, then same type in order. */
function matchClips(a: readonly Json[], b: readonly Json[]): [number, number][] {
  const pairs: [number, number][] = [];
  const usedA = new Set<number>();
  const usedB = new Set<number>();
  const rules: ((x: Json, y: Json) => boolean)[] = [
    (x, y) => x['id'] === y['id'] && contentKey(x) === contentKey(y),
    (x, y) => contentKey(x) === contentKey(y),
    (x, y) => x['id'] === y['id'] && x['type'] === y['type'],
    (x, y) => x['type'] === y['type'],
  ];
  for (const rule of rules) {
    a.forEach((x, i) => {
      if (usedA.has(i)) return;
      const j = b.findIndex((y, k) => !usedB.has(k) && rule(x, y));
      if (j < 0) return;
      usedA.add(i);
      usedB.add(j);
      pairs.push([i, j]);
    });
  }
  return pairs.sort((x, y) => x[1] - y[1]);
}

function box(clip: Json): { left: number; top: number; width: number; height: number } | undefined {
  const n = (v: unknown, fallback?: number): number | undefined =>
    typeof v === 'number' && Number.isFinite(v) ? v : fallback;
  const left = n(clip['left']);
  const top = n(clip['top']);
  const width = n(clip['width']);
  const height = n(clip['height']);
  if (left === undefined || top === undefined || width === undefined || height === undefined) return undefined;
  if (clip['type'] === 'audio') return undefined;
  let editor = 1;
  if (clip['type'] === 'aiModel') {
    try {
      editor = avatarEditorScale(clip['model'] as never);
    } catch {
      editor = 1;
    }
  }
  const scaleX = n(clip['scaleX'], 1) as number;
  const scaleY = n(clip['scaleY'], 1) as number;
  return { left, top, width: width * scaleX * editor, height: height * scaleY * editor };
}

/** Keys of two objects (except `skip`) whose values differ, in first-seen order. */
function fieldKeys(a: Json, b: Json, skip: readonly string[]): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !skip.includes(k) && !jsonEqual(a[k], b[k]));
}

function ref(clip: Json, scene: number, index: number): ClipRef {
  return { scene, clip: index, type: String(clip['type']), label: clipLabel(clip) };
}

function clipLabel(clip: Json): string {
  const model = (clip['model'] ?? {}) as Json;
  if (clip['type'] === 'textImage') return JSON.stringify(short(String(clip['text'] ?? '')));
  if (clip['type'] === 'aiModel') {
    const deleted = clip['isDelete'] === true ? ', deleted' : '';
    return `${String(model['ai_name'])} (${String(model['emotion'])})${deleted}`;
  }
  if (clip['type'] === 'shape') return String(clip['shapeName']);
  const url = String(clip['type'] === 'videoImage' ? clip['video_url'] : clip['source_url']);
  return url.slice(url.lastIndexOf('/') + 1) || url;
}

function sceneLabel(scene: Json, speech: string): string {
  const clips = jsonArray(scene['clips']);
  const says = speech === '' ? '' : `, says ${JSON.stringify(short(speech))}`;
  return `${clips.length} clip${clips.length === 1 ? '' : 's'}${says}`;
}

function describeBackground(value: unknown): string {
  const b = (value ?? {}) as Json;
  if (b['source_type'] === 'color') return String(b['source_color']);
  if (b['source_type'] === 'image') return String(b['source_url']);
  return canonicalJson(value);
}

function measure(payload: Json, options: DiffPayloadsOptions): VideoMeasures {
  return {
    scenes: jsonArray(payload['scenes']).length,
    cubes: estimateCubes({ kind: 'create', body: payload }),
    ...omitUndefined({ durationSeconds: options.estimateDuration?.(payload) }),
  };
}

function short(text: string): string {
  return text.length <= 40 ? text : `${text.slice(0, 39)}…`;
}

function round(value: number): number {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? 0 : r;
}

function asJson(value: unknown): Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
}

function jsonArray(value: unknown): Json[] {
  return Array.isArray(value) ? value.map(asJson) : [];
}
