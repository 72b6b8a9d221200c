import { avatarTightSize, escapeHtml, estimateTextBox, type AiModelObject } from '@vsynth/core';
import { CLIP_STYLE_PROPS } from '../compile/clip-style-props.js';
import { parseBackground } from '../compile/parse-background.js';
import { node, type AvatarRef, type ImportNode } from './import-node.js';
import { setProp } from './prop-guards.js';
import { unescapeHtml } from './unescape-html.js';

type Json = Record<string, unknown>;

/**
 * The `<Video>` tree of a normalised v3 create request: each clip as the element an author would write; what
 * no prop expresses is left for `fitRaw` to carry. `avatars` maps model JSON to its reference.
 */
export function v3Nodes(payload: Json, variant: 'A' | 'B', avatars: ReadonlyMap<string, AvatarRef>): ImportNode {
  const props: Json = {};
  setProp(props, 'name', payload);
  if (payload['orientation'] !== 'landscape') setProp(props, 'orientation', payload);
  setProp(props, 'webhookUrl', payload);
  setProp(props, 'isExport', payload);
  setProp(props, 'dictionary', payload);
  const scenes = (payload['scenes'] as Json[]).map((scene) => sceneNode(scene, variant, avatars));
  return node('Video', props, '', scenes);
}

function sceneNode(scene: Json, variant: 'A' | 'B', avatars: ReadonlyMap<string, AvatarRef>): ImportNode {
  const props: Json = {};
  const children: ImportNode[] = [];
  const background = backgroundProp(scene['background']);
  if (background !== undefined) props['background'] = background;
  else children.push(node('Background', { color: 'rgb(255,255,255)' }));
  setProp(props, 'watermark', scene);
  const clips = Array.isArray(scene['clips']) ? (scene['clips'] as Json[]) : [];
  const script =
    variant === 'A' && Array.isArray(scene['scripts']) ? (scene['scripts'][0] as Json | undefined) : undefined;
  let spoken = false;
  let lastLayer = 0;
  for (const clip of clips) {
    const element = clipNode(clip, avatars);
    if (element === undefined) continue;
    const layer = clip['layer'];
    if (layer !== lastLayer + 1) setProp(element.props, 'layer', clip);
    if (typeof layer === 'number') lastLayer = layer;
    if (element.kind === 'Avatar') {
      // Variant A: scripts[0] is the scene's first avatar's speech; variant B: each clip's own.
      const speech = variant === 'A' ? (spoken ? undefined : script) : (clip['script'] as Json | undefined);
      spoken = true;
      if (speech !== undefined) speak(element, speech);
    }
    children.push(element);
  }
  return node('Scene', props, '', children);
}

/** Speech as children text when escaping that text gives `org` back; `tts` when it is an object. */
function speak(element: ImportNode, speech: Json): void {
  const org = speech['org'];
  if (typeof org === 'string') {
    const text = unescapeHtml(org);
    element.text = escapeHtml(text) === org ? text : org;
    // Markup the compiler would escape (`<p>…</p>`) is sent as written.
    if (element.text === org && escapeHtml(org) !== org) element.props['markup'] = true;
  }
  if (typeof speech['tts'] === 'object' && speech['tts'] !== null && !Array.isArray(speech['tts']))
    element.props['tts'] = speech['tts'];
}

function backgroundProp(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const b = value as Json;
  const given =
    b['source_type'] === 'color' ? b['source_color'] : b['source_type'] === 'image' ? b['source_url'] : undefined;
  if (typeof given !== 'string') return undefined;
  const parsed = parseBackground(given);
  const same =
    parsed?.kind === 'colour'
      ? b['source_type'] === 'color' && parsed.rgb === given
      : b['source_type'] === 'image' && parsed?.url === given;
  return same ? given : undefined;
}

function clipNode(clip: Json, avatars: ReadonlyMap<string, AvatarRef>): ImportNode | undefined {
  const type = clip['type'];
  if (type === 'aiModel') {
    const model = clip['model'] as AiModelObject;
    const ref = avatars.get(JSON.stringify(model));
    if (ref === undefined) return undefined;
    const props: Json = { model: ref };
    const tight = avatarTightSize(model);
    box(props, clip, tight?.width, tight?.height);
    common(props, clip);
    if (clip['headOnly'] === true && JSON.stringify(clip['effects']) === '[{"type":"headOnly"}]')
      props['headOnly'] = true;
    if (clip['voiceOnly'] === true) props['voiceOnly'] = true;
    return node('Avatar', props);
  }
  if (type === 'textImage') {
    const props: Json = {};
    const text = typeof clip['text'] === 'string' ? clip['text'] : '';
    const size = typeof clip['fontSize'] === 'number' ? clip['fontSize'] : 48;
    const est = estimateTextBox(text, size);
    common(props, clip, true);
    box(props, clip, est.width, est.height);
    setProp(props, 'fontSize', clip);
    for (const k of CLIP_STYLE_PROPS.textImage) setProp(props, k, clip);
    common(props, clip);
    return node('Text', props, text);
  }
  if (type === 'image' || type === 'shape' || type === 'videoImage') {
    const props: Json = {};
    if (type === 'shape') setProp(props, 'shape', clip, 'shapeName');
    else setProp(props, 'src', clip, type === 'image' ? 'source_url' : 'video_url');
    if (type === 'videoImage') setProp(props, 'poster', clip, 'source_url');
    common(props, clip, true);
    box(props, clip, type === 'shape' ? 100 : undefined, type === 'shape' ? 100 : undefined);
    if (type === 'videoImage') setProp(props, 'volume', clip);
    for (const k of type === 'videoImage' ? [] : CLIP_STYLE_PROPS[type]) setProp(props, k, clip);
    common(props, clip);
    if (type === 'shape' && props['shape'] === undefined) props['shape'] = 'Rectangle_corner0';
    if (type !== 'shape' && props['src'] === undefined) props['src'] = '';
    return node(type === 'image' ? 'Image' : type === 'shape' ? 'Shape' : 'VideoClip', props);
  }
  if (type === 'audio') {
    const props: Json = {};
    setProp(props, 'src', clip, 'source_url');
    if (props['src'] === undefined) props['src'] = '';
    setProp(props, 'volume', clip);
    setProp(props, 'label', clip);
    setProp(props, 'tag', clip);
    return node('Audio', props);
  }
  return undefined;
}

/** `tag` first (it names the clip for a reader), then with `tagOnly` false the others. */
function common(props: Json, clip: Json, tagOnly = false): void {
  if (tagOnly) {
    setProp(props, 'tag', clip);
    return;
  }
  setProp(props, 'tag', clip);
  setProp(props, 'angle', clip);
  setProp(props, 'opacity', clip);
}

/** The v3 box; width/height left out when they are what the compiler fills in by itself. */
function box(props: Json, clip: Json, width: number | undefined, height: number | undefined): void {
  if (clip['left'] !== 0) setProp(props, 'left', clip);
  if (clip['top'] !== 0) setProp(props, 'top', clip);
  if (clip['width'] !== width || clip['height'] !== height) {
    setProp(props, 'width', clip);
    setProp(props, 'height', clip);
  }
  if (clip['scaleX'] !== 1) setProp(props, 'scaleX', clip);
  if (clip['scaleY'] !== 1) setProp(props, 'scaleY', clip);
}
