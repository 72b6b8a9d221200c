import { issue, legacyProjectToV3, ValidationError, type Issue } from '@vsynth/core';
import type { LoadedAsset } from '../assets/load-asset.js';

export interface ToV3PayloadOptions {
  /** Orientation of a legacy payload (it does not say); default `landscape`. */
  readonly orientation?: string;
  readonly loadAsset: (ref: string) => Promise<LoadedAsset>;
}

export interface V3Preview {
  readonly payload: Record<string, unknown> & { readonly scenes: readonly unknown[] };
  readonly legacy: boolean;
  readonly warnings: readonly Issue[];
}

type Loose = Record<string, unknown>;

function hasScenes(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Array.isArray((value as Loose)['scenes']);
}

/** True for a legacy create payload (its scenes carry `AIModel`). */
function isLegacyPayload(value: unknown): boolean {
  const scenes = (value as Loose | null)?.['scenes'];
  if (!Array.isArray(scenes)) return false;
  return scenes.some((scene) => typeof scene === 'object' && scene !== null && 'AIModel' in scene);
}

/**
 * A v3 payload for drawing from a v3 or legacy create payload, either bare or as `{payload}`; a legacy one is
 * converted with its image sizes probed from the assets.
 */
export async function toV3Payload(input: unknown, options: ToV3PayloadOptions): Promise<V3Preview> {
  let value = input;
  const wrapped = (value as Loose | null)?.['payload'];
  if (!hasScenes(value) && typeof wrapped === 'object' && wrapped !== null) value = wrapped;
  if (!hasScenes(value)) {
    const changes = typeof value === 'object' && value !== null && 'updates' in value;
    const message = changes
      ? 'This is a modify or edit request: it changes a project stored by the service, so it has no "scenes" ' +
        'to draw. Preview the base video, or draw rows over it with ' +
        '`vsynth batch --dry-run --preview DIR --slots-from video.tsx`'
      : 'A payload to preview needs a "scenes" array (v3 or legacy create payload)';
    throw new ValidationError([issue({ code: 'missing', path: ['scenes'], message })], {
      subject: 'preview payload',
    });
  }
  if (!isLegacyPayload(value)) return { payload: value as V3Preview['payload'], legacy: false, warnings: [] };
  const imageSizes: Record<string, { width: number; height: number }> = {};
  for (const scene of (value as { scenes: Loose[] }).scenes) {
    const clips = Array.isArray(scene?.['clips']) ? (scene['clips'] as Loose[]) : [];
    for (const clip of clips) {
      const url = (clip?.['detail'] as Loose | undefined)?.['url'];
      if (clip?.['type'] !== 'image' || typeof url !== 'string' || url in imageSizes) continue;
      const asset = await options.loadAsset(url);
      if (asset.ok) imageSizes[url] = { width: asset.info.width, height: asset.info.height };
    }
  }
  const converted = legacyProjectToV3(value as Parameters<typeof legacyProjectToV3>[0], {
    orientation: options.orientation ?? 'landscape',
    imageSizes,
  });
  const payload = converted.payload as unknown as V3Preview['payload'];
  return { payload, legacy: true, warnings: converted.warnings.map(forPreview) };
}

const AVATAR_WARNING = new RegExp(
  '^No avatar in options\\.avatars has ai_name ("[^"]*") and emotion ("[^"]*"): ' +
    'laid out with the canvas size (\\d+x\\d+)',
);
const IMAGE_WARNING = /^No natural size for image (".*") in options\.imageSizes: laid out as a (\S+) square/;

/**
 * The converter's warnings tell a library caller which option to pass; a preview user has no such option,
 * so these say what the drawing shows instead.
 */
function forPreview(warning: Issue): Issue {
  const avatar = AVATAR_WARNING.exec(warning.message);
  if (avatar) {
    const message =
      `Avatar ${avatar[1]}/${avatar[2]} is named by key only in a legacy payload and its size comes from its ` +
      'model object, which the preview does not have: it is laid out as if it were as large as the canvas ' +
      `(${avatar[3]})`;
    return { ...warning, message };
  }
  const image = IMAGE_WARNING.exec(warning.message);
  if (image) {
    const message = `Image ${image[1]} could not be read for its natural size: laid out as a ${image[2]} square`;
    return { ...warning, message };
  }
  return warning;
}
