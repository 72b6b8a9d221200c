import { escapeHtml, omitUndefined } from '@vsynth/core';
import { applyRaw } from './apply-raw.js';
import { CLIP_STYLE_PROPS } from './clip-style-props.js';
import type { CompileContext } from './compile-context.js';
import type { EmitInput } from './emit-v3.js';
import { placeOnLegacy } from './place-clip.js';
import { readPlacement } from './read-placement.js';
import { resolveAvatar } from './resolve-avatar.js';
import type { ResolvedElement } from './resolve-tree.js';
import { sceneParts } from './scene-parts.js';
import { checkSpeech } from './check-speech.js';
import { speechOf } from './speech-of.js';

type Json = Record<string, unknown>;

/** Props each element may carry that the legacy payload cannot express. */
const INEXPRESSIBLE: Readonly<Record<string, readonly string[]>> = {
  Video: ['name', 'webhookUrl', 'isExport', 'dictionary'],
  Scene: ['watermark'],
  Avatar: ['tts', 'headOnly', 'voiceOnly', 'tag', 'slot', 'angle', 'opacity'],
  // Legacy text keeps its font, nothing else of a v3 text's style.
  Text: [...CLIP_STYLE_PROPS.textImage.filter((prop) => prop !== 'fontFamily'), 'tag', 'slot', 'angle', 'opacity'],
  Image: [...CLIP_STYLE_PROPS.image, 'tag', 'slot', 'angle', 'opacity'],
};

/**
 * Builds a legacy project request: one `AIModel` per scene placed by midpoint and scale, image, background
 * and text clips. What legacy cannot express is an error each, or with `lossy` a warning and dropped.
 */
export function emitLegacy(input: EmitInput, lossy: boolean): { payload: Json } {
  const { ctx, video } = input;
  dropProps(video, [], lossy, ctx);
  const scenes: Json[] = [];
  for (let s = 0; s < input.scenes.length; s++) {
    const sceneElement = input.scenes[s]!;
    ctx.bind(['scenes', s], sceneElement);
    dropProps(sceneElement, ['scenes', s], lossy, ctx);
    const parts = sceneParts(sceneElement, s, ctx);
    const clips: Json[] = [];
    let aiModel: Json | undefined;
    let lastLayer = 0;
    if (parts.background?.kind === 'image' && parts.backgroundElement !== undefined) {
      ctx.bind(['scenes', s, 'clips', clips.length], parts.backgroundElement);
      const clip = { type: 'background', detail: { url: parts.background.url } };
      if (parts.backgroundElement.kind === 'Background') applyRaw(clip, parts.backgroundElement.props['raw'], true);
      clips.push(clip);
    } else if (parts.background?.kind === 'colour' && parts.backgroundElement !== undefined) {
      const what = `<${parts.backgroundElement.kind}> background colour ${parts.background.rgb}`;
      drop(parts.backgroundElement, what, ['scenes', s], lossy, ctx);
    }
    for (const element of parts.clips) {
      const layer = (element.props['layer'] as number | undefined) ?? lastLayer + 1;
      lastLayer = layer;
      if (element.kind === 'Shape' || element.kind === 'VideoClip' || element.kind === 'Audio') {
        drop(element, `<${element.kind}>`, ['scenes', s, 'clips'], lossy, ctx);
        continue;
      }
      const path = element.kind === 'Avatar' ? ['scenes', s, 'AIModel'] : ['scenes', s, 'clips', clips.length];
      dropProps(element, path, lossy, ctx);
      if (element.kind === 'Avatar') {
        if (aiModel !== undefined) {
          ctx.error(element, `scene ${s} has more than one <Avatar>; a legacy scene has exactly one AIModel`, path);
          continue;
        }
        const built = buildAiModel(element, layer, path, input, ctx);
        if (built !== undefined) aiModel = built;
        else aiModel = {};
        ctx.bind(path, element);
        continue;
      }
      const placement = readPlacement(element);
      if ('mixed' in placement) {
        ctx.error(element, placement.mixed, path);
        continue;
      }
      const p = element.props;
      if (element.kind === 'Text') {
        const text = { text: element.text, fontSize: p['fontSize'] as number | undefined };
        const at = placeOnLegacy({ element, placement, canvas: input.canvas, path, ctx, text });
        if (at === undefined) continue;
        ctx.bind(path, element);
        const detail: Json = { textSource: element.text };
        if (p['fontFamily'] !== undefined) detail['font'] = p['fontFamily'];
        detail['locationX'] = at.locationX;
        detail['locationY'] = at.locationY;
        detail['scale'] = at.scale;
        detail['layer'] = layer;
        const clip = { type: 'text', detail };
        applyRaw(clip, p['raw'], true);
        clips.push(clip);
        continue;
      }
      const natural = {
        width: p['naturalWidth'] as number | undefined,
        height: p['naturalHeight'] as number | undefined,
      };
      const at = placeOnLegacy({ element, placement, canvas: input.canvas, path, ctx, natural });
      if (at === undefined) continue;
      ctx.bind(path, element);
      const { locationX, locationY, scale } = at;
      const clip = { type: 'image', detail: { url: p['src'], locationX, locationY, scale, layer } };
      applyRaw(clip, p['raw'], true);
      clips.push(clip);
    }
    if (aiModel === undefined) {
      const message = `scene ${s} has no <Avatar>; every legacy scene needs exactly one`;
      ctx.error(sceneElement, message, ['scenes', s, 'AIModel']);
    }
    const scene = { AIModel: aiModel ?? {}, clips };
    applyRaw(scene, sceneElement.props['raw']);
    scenes.push(scene);
  }
  const payload = { scenes };
  applyRaw(payload, video.props['raw']);
  return { payload };
}

/** Reports a part legacy cannot express: an error, or with `lossy` a warning (the caller leaves it out). */
function drop(
  element: ResolvedElement,
  what: string,
  path: (string | number)[],
  lossy: boolean,
  ctx: CompileContext,
): void {
  const message = `${what} cannot be expressed in a legacy payload`;
  if (lossy) ctx.warn(element, `${message}; dropped (lossy compile)`, path);
  else ctx.error(element, `${message}; remove it, compile to v3, or pass lossy to drop it`, path);
}

/** Drops the props of `element` that legacy cannot express, named in {@link INEXPRESSIBLE}'s order. */
function dropProps(element: ResolvedElement, path: (string | number)[], lossy: boolean, ctx: CompileContext): void {
  const names = Object.hasOwn(INEXPRESSIBLE, element.kind) ? INEXPRESSIBLE[element.kind]! : [];
  const given = names.filter((name) => element.props[name] !== undefined);
  if (given.length > 0) drop(element, `<${element.kind}> ${given.join(', ')}`, path, lossy, ctx);
}

function buildAiModel(
  element: ResolvedElement,
  layer: number,
  path: (string | number)[],
  input: EmitInput,
  ctx: CompileContext,
): Json | undefined {
  const avatar = resolveAvatar(element, input.catalogue, { needModel: false, path, ctx });
  const placement = readPlacement(element);
  if ('mixed' in placement) ctx.error(element, placement.mixed, path);
  if (avatar === undefined) return undefined;
  if (avatar.language === undefined) {
    const message = `<Avatar model="${avatar.key}"> needs "language" for a legacy payload (the language of its script)`;
    ctx.error(element, message, path);
    return undefined;
  }
  if ('mixed' in placement) return undefined;
  const at = placeOnLegacy({ element, placement, canvas: input.canvas, path, ctx, model: avatar.model });
  if (at === undefined) return undefined;
  const speech = speechOf(element, path, ctx);
  const { key: model, clothes, language } = avatar;
  const scene = path[1] as number;
  const limit = omitUndefined({ limitSeconds: input.speechLimitSeconds });
  if (input.checks)
    checkSpeech({ element, model, text: escapeHtml(speech.text), language, scene, path, ctx, ...limit });
  const { locationX, locationY, scale } = at;
  const aiModel = { model, clothes, language, script: speech.text, locationX, locationY, scale, layer };
  applyRaw(aiModel, element.props['raw']);
  return aiModel;
}
