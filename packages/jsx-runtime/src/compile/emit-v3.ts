import { escapeHtml, legacyBackgroundToV3, omitUndefined, type CanvasSize } from '@vsynth/core';
import type { AvatarCatalogue } from '../avatar/avatar-catalogue.js';
import { applyRaw } from './apply-raw.js';
import { clipId } from './clip-id.js';
import { CLIP_STYLE_PROPS } from './clip-style-props.js';
import type { CompileContext } from './compile-context.js';
import { placeOnV3, type PlacedBox } from './place-clip.js';
import { readPlacement } from './read-placement.js';
import { resolveAvatar } from './resolve-avatar.js';
import type { ResolvedElement } from './resolve-tree.js';
import { sceneParts } from './scene-parts.js';
import { checkSpeech } from './check-speech.js';
import { speechOf } from './speech-of.js';

type Json = Record<string, unknown>;

export interface EmitInput {
  readonly video: ResolvedElement;
  readonly scenes: readonly ResolvedElement[];
  readonly orientation: string;
  readonly canvas: CanvasSize;
  readonly catalogue: AvatarCatalogue;
  readonly ctx: CompileContext;
  /** Whether to run the speech checks (see `CompileOptions.checks`). */
  readonly checks: boolean;
  /** Seconds of speech an avatar may hold before compile warns; see {@link checkSpeech}. */
  readonly speechLimitSeconds?: number;
}

/** A clip built from an element, and the clip's path as written. */
interface BuiltClip {
  readonly clip: Json;
  readonly element: ResolvedElement;
  readonly path: (string | number)[];
  /** The clip type its id was derived for. */
  readonly type: string;
}

/** A slot request: the clip that carries it, counted after all scenes are built. */
interface SlotRequest {
  readonly name: string;
  readonly element: ResolvedElement;
  readonly scene: number;
  readonly clip: Json;
  readonly path: (string | number)[];
}

/** Props a clip carries when given, in payload order: its kind's own, then tag, angle, opacity. */
const GIVEN = {
  Audio: ['volume', 'label'],
  Avatar: [],
  Text: CLIP_STYLE_PROPS.textImage,
  Image: CLIP_STYLE_PROPS.image,
  Shape: CLIP_STYLE_PROPS.shape,
  VideoClip: ['volume'],
} as const satisfies Record<string, readonly string[]>;

/**
 * Builds a v3 create request. Variant A puts each scene's speech in `scripts[0]` with `modelId`/`clothId`
 * from the avatar clip; variant B puts `{org, tts}` in the avatar clip.
 */
export function emitV3(input: EmitInput, variant: 'A' | 'B'): { payload: Json; slots: Record<string, string> } {
  const { video, ctx } = input;
  const state: V3State = {
    input,
    variant,
    slotRequests: [],
    scenes: [],
    speechless: [],
    firstAvatar: undefined,
    sawAvatar: false,
    derived: new Map(),
    given: new Map(),
    voices: [],
  };
  for (let s = 0; s < input.scenes.length; s++) state.scenes.push(emitScene(input.scenes[s]!, s, state));
  const { scenes, speechless, firstAvatar, sawAvatar, slotRequests, voices } = state;

  if (variant === 'A' && speechless.length > 0) {
    if (firstAvatar === undefined) {
      const message =
        "variant A needs an avatar: every scene carries scripts[0] with the avatar's modelId and clothId; " +
        'add an <Avatar> or compile with variant B';
      if (!sawAvatar) ctx.error(video, message, ['scenes']);
    } else {
      // The service's own projects carry the video's first avatar, deleted, in scenes without one.
      for (const { scene, index } of speechless) {
        const { tag: _tag, script: _script, ...rest } = firstAvatar;
        const id = clipId('aiModel', index, 'placeholder');
        const clips = scene['clips'] as Json[];
        clips.push({ ...rest, id, name: id, layer: 0, isDelete: true });
        scene['scripts'] = [scriptEntry(firstAvatar, '', undefined)];
      }
    }
  }

  // Last, so that a scene's `raw` also overrides what variant A added to speechless scenes.
  for (let s = 0; s < scenes.length; s++) applyRaw(scenes[s]!, input.scenes[s]!.props['raw']);
  const payload = projectFields(video, input.orientation, scenes);
  applyRaw(payload, video.props['raw']);
  return { payload, slots: countSlots(slotRequests, scenes, voices, ctx) };
}

interface V3State {
  readonly input: EmitInput;
  readonly variant: 'A' | 'B';
  readonly slotRequests: SlotRequest[];
  readonly scenes: Json[];
  readonly speechless: { scene: Json; index: number }[];
  firstAvatar: Json | undefined;
  sawAvatar: boolean;
  /** Clip id → the clip that has it, for ids derived from positions and ids given by the `id` prop. */
  readonly derived: Map<string, BuiltClip>;
  readonly given: Map<string, BuiltClip>;
  /** Per scene, the <Avatar> whose speech `scripts_N` modifies. */
  readonly voices: (ResolvedElement | undefined)[];
}

/** Scene `s` of a v3 payload, its clips built and their ids claimed. */
function emitScene(sceneElement: ResolvedElement, s: number, state: V3State): Json {
  const { input, variant, slotRequests, speechless, voices } = state;
  const { ctx } = input;
  const parts = sceneParts(sceneElement, s, ctx);
  /** The scene's clips in payload order, each with its path as written (document order) for compile errors. */
  const built: BuiltClip[] = [];
  const speakers: { built: BuiltClip; org: string; tts: Record<string, unknown> | undefined }[] = [];
  let firstInScene: BuiltClip | undefined;
  let lastLayer = 0;
  for (let i = 0; i < parts.clips.length; i++) {
    const element = parts.clips[i]!;
    const p = element.props;
    // The index the clip has when every clip compiles (the only case where a payload is emitted).
    const path = ['scenes', s, 'clips', i];
    if (element.kind === 'Avatar') state.sawAvatar = true;
    const layer = (p['layer'] as number | undefined) ?? lastLayer + 1;
    lastLayer = layer;
    const givenId = p['id'] as string | undefined;
    const type = clipType(element.kind);
    const clip = buildClip(element, type, givenId ?? clipId(type, s, element.path), layer, path, input);
    if (clip === undefined) continue;
    const entry: BuiltClip = { clip, element, path, type };
    if (givenId === undefined) {
      let id = clip['id'] as string;
      // A derived id never takes a used string; a given id is kept even when a derived one has it.
      const holder = state.given.get(id) ?? state.derived.get(id);
      if (holder !== undefined && holder.path[1] === s && holder.element.path === element.path) {
        const message = `two elements of scene ${s} share the key path "${element.path}"; give siblings distinct keys`;
        ctx.error(element, message, path);
        continue;
      }
      // Two paths with one 32-bit hash: derive again, still from position only (deterministic).
      for (let n = 1; state.derived.has(id) || state.given.has(id); n++) id = clipId(type, s, `${element.path}#${n}`);
      clip['id'] = id;
      clip['name'] = id;
      state.derived.set(id, entry);
    } else {
      // A given id (`id` prop) is kept as written, even when repeated.
      state.given.set(givenId, entry);
    }
    built.push(entry);
    const slot = p['slot'] as string | undefined;
    if (slot !== undefined) slotRequests.push({ name: slot, element, scene: s, clip, path });
    if (element.kind !== 'Avatar') {
      applyRaw(clip, p['raw']);
      continue;
    }
    state.firstAvatar ??= clip;
    firstInScene ??= entry;
    const speech = speechOf(element, path, ctx);
    const org = p['markup'] === true ? speech.text : escapeHtml(speech.text);
    const { language, ai_name: model } = (clip['model'] ?? {}) as Json;
    if (input.checks) {
      checkSpeech({
        element,
        model: typeof model === 'string' ? model : undefined,
        text: org,
        language: typeof language === 'string' ? language : undefined,
        scene: s,
        path,
        ctx,
        ...omitUndefined({ limitSeconds: input.speechLimitSeconds }),
      });
    }
    if (variant === 'B') clip['script'] = { org, tts: speech.tts ?? null };
    applyRaw(clip, p['raw']);
    if (speech.text.trim() !== '') speakers.push({ built: entry, org, tts: speech.tts });
  }
  const scene: Json = { sceneIdx: s };
  // Modify's scripts_N edits scripts[0] (A: the speaker's) or the first avatar clip's script (B).
  const voice = variant === 'A' ? (speakers[0]?.built ?? firstInScene) : firstInScene;
  voices[s] = voice?.element;
  if (variant === 'A') {
    for (let k = 1; k < speakers.length; k++) {
      const message =
        `scene ${s} has ${speakers.length} speaking avatars; variant A allows one script per scene: ` +
        'give the others no speech, move them to their own scene, or compile with variant B';
      ctx.error(speakers[k]!.built.element, message, ['scenes', s, 'scripts']);
    }
    const speaker = speakers[0];
    // scripts[0] is matched against the scene's first aiModel clip: lead with the speaker.
    if (speaker !== undefined && speaker.built !== firstInScene && firstInScene !== undefined) {
      built.splice(built.indexOf(speaker.built), 1);
      built.splice(built.indexOf(firstInScene), 0, speaker.built);
    }
    if (voice !== undefined) {
      ctx.bind(['scenes', s, 'scripts'], speaker?.built.element ?? sceneElement);
      scene['scripts'] = [scriptEntry(voice.clip, speaker?.org ?? '', speaker?.tts)];
    } else {
      speechless.push({ scene, index: s });
    }
  }
  ctx.bindClips(s, built);
  scene['background'] = backgroundOf(parts.background);
  if (parts.backgroundElement?.kind === 'Background') {
    applyRaw(scene['background'] as Json, parts.backgroundElement.props['raw']);
  }
  if (parts.backgroundElement !== undefined) ctx.bind(['scenes', s, 'background'], parts.backgroundElement);
  scene['clips'] = built.map((entry) => entry.clip);
  if (sceneElement.props['watermark'] !== undefined) scene['watermark'] = sceneElement.props['watermark'];
  ctx.bind(['scenes', s], sceneElement);
  return scene;
}

function scriptEntry(avatarClip: Json, org: string, tts: Record<string, unknown> | undefined): Json {
  const model = avatarClip['model'] as { ai_name: string; emotion: string };
  return { org, isTTS: tts !== undefined, tts: tts ?? null, modelId: model.ai_name, clothId: model.emotion };
}

function projectFields(video: ResolvedElement, orientation: string, scenes: Json[]): Json {
  const out: Json = {};
  const p = video.props;
  if (p['name'] !== undefined) out['name'] = p['name'];
  out['orientation'] = orientation;
  if (p['webhookUrl'] !== undefined) out['webhookUrl'] = p['webhookUrl'];
  if (p['isExport'] !== undefined) out['isExport'] = p['isExport'];
  if (p['dictionary'] !== undefined) out['dictionary'] = p['dictionary'];
  out['scenes'] = scenes;
  return out;
}

function backgroundOf(value: ReturnType<typeof sceneParts>['background']): Json {
  // A new object per call, so it is the scene's own (raw may change it).
  if (value?.kind === 'image') return legacyBackgroundToV3(value.url) as unknown as Json;
  const colour = value?.rgb ?? 'rgb(255,255,255)';
  return { id: 'background', type: 'background', source_type: 'color', source_color: colour };
}

// Each clip lists its fields in the payload's key order.
function buildClip(
  element: ResolvedElement,
  type: string,
  id: string,
  layer: number,
  path: (string | number)[],
  input: EmitInput,
): Json | undefined {
  const { ctx, canvas } = input;
  const p = element.props;
  const kind = element.kind;
  if (kind === 'Audio') {
    const clip: Json = { id, name: id, type, layer, left: 0, top: 0, width: 0, height: 0, source_url: p['src'] };
    putGiven(clip, p, GIVEN.Audio);
    return clip;
  }
  const avatar =
    kind === 'Avatar' ? resolveAvatar(element, input.catalogue, { needModel: true, path, ctx }) : undefined;
  const placement = readPlacement(element);
  if ('mixed' in placement) {
    ctx.error(element, placement.mixed, path);
    return undefined;
  }
  if (kind === 'Avatar') {
    if (avatar?.model === undefined) return undefined;
    const relabelled = avatar.language !== undefined && avatar.language !== avatar.model.language;
    const model = relabelled ? { ...avatar.model, language: avatar.language } : avatar.model;
    const box = placeOnV3({ element, placement, canvas, path, ctx, model });
    if (box === undefined) return undefined;
    const headOnly = p['headOnly'] === true;
    const clip: Json = {
      ...boxClip(id, type, layer, box),
      model,
      effects: headOnly ? [{ type: 'headOnly' }] : [],
      voiceOnly: p['voiceOnly'] === true,
      isDelete: false,
      headOnly: headOnly ? true : null,
    };
    putGiven(clip, p, GIVEN.Avatar);
    return clip;
  }
  if (kind === 'Text') {
    const text = { text: element.text, fontSize: p['fontSize'] as number | undefined };
    const box = placeOnV3({ element, placement, canvas, path, ctx, text });
    if (box === undefined) return undefined;
    const clip: Json = {
      ...boxClip(id, type, layer, box),
      ...omitUndefined({ fontSize: box.fontSize }),
      text: element.text,
    };
    putGiven(clip, p, GIVEN.Text);
    return clip;
  }
  const natural = {
    width: (p['naturalWidth'] as number | undefined) ?? (kind === 'Shape' ? 100 : undefined),
    height: (p['naturalHeight'] as number | undefined) ?? (kind === 'Shape' ? 100 : undefined),
  };
  const box = placeOnV3({ element, placement, canvas, path, ctx, natural });
  if (box === undefined) return undefined;
  if (kind === 'Image') {
    const clip: Json = { ...boxClip(id, type, layer, box), source_url: p['src'] };
    putGiven(clip, p, GIVEN.Image);
    return clip;
  }
  if (kind === 'Shape') {
    const clip: Json = { ...boxClip(id, type, layer, box), shapeName: p['shape'] };
    putGiven(clip, p, GIVEN.Shape);
    return clip;
  }
  const clip = boxClip(id, type, layer, box);
  clip['video_url'] = p['src'];
  if (p['poster'] !== undefined) clip['source_url'] = p['poster'];
  putGiven(clip, p, GIVEN.VideoClip);
  return clip;
}

function clipType(kind: ResolvedElement['kind']): string {
  switch (kind) {
    case 'Audio':
      return 'audio';
    case 'Avatar':
      return 'aiModel';
    case 'Text':
      return 'textImage';
    case 'Image':
      return 'image';
    case 'Shape':
      return 'shape';
    default:
      return 'videoImage';
  }
}

/** `{id, name, type, layer, left, top, width, height, scaleX, scaleY}`, the head every visual clip starts with. */
function boxClip(id: string, type: string, layer: number, box: PlacedBox): Json {
  const { left, top, width, height, scaleX, scaleY } = box;
  return { id, name: id, type, layer, left, top, width, height, scaleX, scaleY };
}

/** Copies the given props among `fields`, then tag, angle and opacity, onto `clip` in that order. */
function putGiven(clip: Json, p: Readonly<Record<string, unknown>>, fields: readonly string[]): void {
  for (const name of [...fields, 'tag', 'angle', 'opacity']) if (p[name] !== undefined) clip[name] = p[name];
}

/** Modify keys: the index among clips with that tag, scenes then clips in order. */
function countSlots(
  requests: readonly SlotRequest[],
  scenes: readonly Json[],
  voices: readonly (ResolvedElement | undefined)[],
  ctx: CompileContext,
): Record<string, string> {
  // Keys exist for title and subtitles only.
  const indexOf = new Map<Json, number>();
  let titles = 0;
  let subtitles = 0;
  for (const scene of scenes) {
    for (const clip of scene['clips'] as Json[]) {
      const tag = clip['tag'];
      if (tag === 'title' || tag === 'subtitles') indexOf.set(clip, tag === 'title' ? titles++ : subtitles++);
    }
  }
  // Slot name → modify key; an own-key check, so names like `constructor` count only once used.
  const slots: Record<string, string> = {};
  for (const r of requests) {
    let key: string;
    if (r.element.kind === 'Avatar') {
      key = `scripts_${r.scene}`;
      if (voices[r.scene] !== r.element) {
        const message =
          `<Avatar> slot "${r.name}" would be ${key}, but modify's ${key} changes the speech of another ` +
          `<Avatar> of scene ${r.scene} (the speaking one in variant A, the first in variant B); ` +
          'put the slot on that avatar';
        ctx.error(r.element, message, r.path);
        continue;
      }
    } else {
      const tag = r.clip['tag'];
      if (tag !== 'title' && tag !== 'subtitles') {
        const message =
          `<${r.element.kind}> slot "${r.name}" needs tag="title" or tag="subtitles" ` +
          '(modify requests address only those)';
        ctx.error(r.element, message, r.path);
        continue;
      }
      key = `${tag}_${indexOf.get(r.clip) ?? 0}`;
    }
    const already = Object.hasOwn(slots, r.name) ? slots[r.name] : undefined;
    if (already !== undefined) {
      ctx.error(r.element, `slot "${r.name}" is used twice (already ${already}); slot names must be unique`, r.path);
      continue;
    }
    // Assigning `__proto__` on a plain object sets no own key, so that name never counted as used.
    if (r.name !== '__proto__') slots[r.name] = key;
  }
  return slots;
}
