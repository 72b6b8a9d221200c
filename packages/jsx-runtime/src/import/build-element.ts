import { Audio } from '../components/audio.js';
import { Avatar } from '../components/avatar.js';
import { Background } from '../components/background.js';
import type { BuiltinKind } from '../components/builtin.js';
import { Image } from '../components/image.js';
import { Scene } from '../components/scene.js';
import { Shape } from '../components/shape.js';
import { Text } from '../components/text.js';
import { VideoClip } from '../components/video-clip.js';
import { Video } from '../components/video.js';
import type { FunctionComponent, VsynthElement } from '../element.js';
import { jsxDEV } from '../jsx-dev-runtime.js';
import { isAvatarRef, type ImportNode } from './import-node.js';

const COMPONENTS: Record<BuiltinKind, unknown> = {
  Video,
  Scene,
  Background,
  Avatar,
  Text,
  Image,
  Shape,
  VideoClip,
  Audio,
};

/**
 * The element the printed TSX of `root` evaluates to, built in memory (avatar references become
 * their definitions), so the round trip can be checked without writing and loading a file.
 */
export function buildElement(root: ImportNode): VsynthElement {
  const props: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(root.props)) props[k] = isAvatarRef(v) ? v.definition : v;
  if (root.children.length > 0) props['children'] = root.children.map(buildElement);
  else if (root.text !== '') props['children'] = root.text;
  return jsxDEV(COMPONENTS[root.kind] as FunctionComponent, props);
}
