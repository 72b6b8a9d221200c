import { canonicalJson } from './canonical-json.js';

type Json = Record<string, unknown>;

/** Pairs of scene indices `[before, after]`, in the order of `after`. */
export type ScenePairs = [number, number][];

/**
 * Pairs the scenes of two videos: identical scenes first (ignoring `sceneIdx` and clip ids), then the most
 * alike by content, nearest position first. Scenes sharing less than a third of their content stay unpaired.
 *
 * @example matchScenes([s0, s1], [s1, s0], speech) // [[1, 0], [0, 1]]
 */
export function matchScenes(
  before: readonly Json[],
  after: readonly Json[],
  speech: { before: readonly string[]; after: readonly string[] },
): ScenePairs {
  const pairs = new Map<number, number>();
  const takenA = new Set<number>();
  const takenB = new Set<number>();
  const exactA = before.map(exactKey);
  const exactB = after.map(exactKey);
  const take = (a: number, b: number): void => {
    pairs.set(b, a);
    takenA.add(a);
    takenB.add(b);
  };
  before.forEach((_, a) => {
    const candidates = exactB.map((key, b) => (key === exactA[a] && !takenB.has(b) ? b : -1)).filter((b) => b >= 0);
    const best = candidates.sort((x, y) => Math.abs(x - a) - Math.abs(y - a))[0];
    if (best !== undefined) take(a, best);
  });
  const tokensA = before.map((s, i) => tokens(s, speech.before[i] ?? ''));
  const tokensB = after.map((s, i) => tokens(s, speech.after[i] ?? ''));
  const candidates: { a: number; b: number; score: number }[] = [];
  before.forEach((_, a) => {
    if (takenA.has(a)) return;
    after.forEach((__, b) => {
      if (takenB.has(b)) return;
      const score = similarity(tokensA[a] as string[], tokensB[b] as string[]);
      if (score >= 1 / 3) candidates.push({ a, b, score });
    });
  });
  candidates.sort((x, y) => y.score - x.score || Math.abs(x.a - x.b) - Math.abs(y.a - y.b) || x.a - y.a);
  for (const c of candidates) {
    if (takenB.has(c.b) || takenA.has(c.a)) continue;
    take(c.a, c.b);
  }
  return [...pairs.entries()].sort((x, y) => x[0] - y[0]).map(([b, a]) => [a, b]);
}

/** The scene without what positions alone decide: `sceneIdx`, clip `id` and `name`. */
function exactKey(scene: Json): string {
  const { sceneIdx: _i, clips, ...rest } = scene;
  const stripped = (Array.isArray(clips) ? clips : []).map((clip: Json) => {
    const { id: _id, name: _name, ...fields } = clip;
    return fields;
  });
  return canonicalJson({ ...rest, clips: stripped });
}

/**
 * What a clip shows, as one string: type and text, source, shape or avatar.
 *
 * @example contentKey({ type: 'textImage', text: 'Hi' }) // 'textImage:Hi'
 */
export function contentKey(clip: Json): string {
  const model = (clip['model'] ?? {}) as Json;
  const what =
    clip['type'] === 'textImage'
      ? clip['text']
      : clip['type'] === 'videoImage'
        ? clip['video_url']
        : clip['type'] === 'shape'
          ? clip['shapeName']
          : clip['type'] === 'aiModel'
            ? `${String(model['ai_name'])}/${String(model['emotion'])}`
            : clip['source_url'];
  return `${String(clip['type'])}:${String(what)}`;
}

function tokens(scene: Json, speech: string): string[] {
  const clips = Array.isArray(scene['clips']) ? (scene['clips'] as Json[]) : [];
  const background = scene['background'] as Json | undefined;
  return [
    ...speech
      .split(/\s+/)
      .filter((w) => w !== '')
      .map((w) => `w:${w}`),
    ...clips.flatMap((clip) => [
      contentKey(clip),
      ...(clip['type'] === 'textImage'
        ? String(clip['text'])
            .split(/\s+/)
            .map((w) => `t:${w}`)
        : []),
    ]),
    `bg:${String(background?.['source_url'] ?? background?.['source_color'])}`,
  ];
}

/** Multiset Jaccard similarity, 1 for two empty scenes. */
function similarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const t of a) counts.set(t, (counts.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of b) {
    const n = counts.get(t) ?? 0;
    if (n > 0) {
      common++;
      counts.set(t, n - 1);
    }
  }
  return common / (a.length + b.length - common);
}
