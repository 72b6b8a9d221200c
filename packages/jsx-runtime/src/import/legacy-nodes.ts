import { parseBackground } from '../compile/parse-background.js';
import { node, type ImportNode } from './import-node.js';
import { setProp } from './prop-guards.js';

type Json = Record<string, unknown>;

/**
 * The `<Video>` tree of a normalised legacy project request: the `AIModel` as an `<Avatar>` placed by
 * midpoint, a leading `background` clip as the scene's background, `image` and `text` clips as `<Image>`
 * and `<Text>`. A scene whose clips come in another order keeps them in the scene's `raw`.
 */
export function legacyNodes(payload: Json): ImportNode {
  return node('Video', {}, '', (payload['scenes'] as Json[]).map(sceneNode));
}

function sceneNode(scene: Json): ImportNode {
  const props: Json = {};
  const children: ImportNode[] = [];
  const ai = (scene['AIModel'] ?? {}) as Json;
  const avatar: Json = {};
  setProp(avatar, 'model', ai);
  setProp(avatar, 'clothes', ai);
  setProp(avatar, 'language', ai);
  centre(avatar, ai);
  let lastLayer = typeof ai['layer'] === 'number' ? ai['layer'] : 0;
  if (ai['layer'] !== 1) setProp(avatar, 'layer', ai);
  children.push(node('Avatar', avatar, typeof ai['script'] === 'string' ? ai['script'] : ''));
  const clips = Array.isArray(scene['clips']) ? (scene['clips'] as Json[]) : [];
  if (!inCompiledOrder(clips)) return node('Scene', props, '', children);
  clips.forEach((clip, i) => {
    const detail = (clip['detail'] ?? {}) as Json;
    if (i === 0 && clip['type'] === 'background') {
      const url = typeof detail['url'] === 'string' ? detail['url'] : '';
      const parsed = parseBackground(url);
      if (parsed?.kind === 'image' && parsed.url === url) props['background'] = url;
      else children.push(node('Background', { src: url }));
      return;
    }
    const element: Json = {};
    if (clip['type'] === 'image') setProp(element, 'src', detail, 'url');
    if (clip['type'] === 'image' && element['src'] === undefined) element['src'] = '';
    if (clip['type'] === 'text') setProp(element, 'fontFamily', detail, 'font');
    centre(element, detail);
    if (detail['layer'] !== lastLayer + 1) setProp(element, 'layer', detail);
    if (typeof detail['layer'] === 'number') lastLayer = detail['layer'];
    const text = clip['type'] === 'text' && typeof detail['textSource'] === 'string' ? detail['textSource'] : '';
    children.push(node(clip['type'] === 'text' ? 'Text' : 'Image', element, text));
  });
  return node('Scene', props, '', children);
}

/** Clips the compiler can give back in this order: at most one background, first; images and texts. */
function inCompiledOrder(clips: readonly Json[]): boolean {
  return clips.every((clip, i) =>
    clip['type'] === 'background' ? i === 0 : clip['type'] === 'image' || clip['type'] === 'text',
  );
}

function centre(props: Json, from: Json): void {
  if (from['locationX'] !== 0) setProp(props, 'x', from, 'locationX');
  if (from['locationY'] !== 0) setProp(props, 'y', from, 'locationY');
  if (from['scale'] !== 1) setProp(props, 'scale', from);
}
