/**
 * Storyboard images of a build, drawn one scene at a time when the page asks for them and kept per build,
 * so a save answers as soon as the payloads are compiled and each image is drawn once.
 */
import { canvasSize, sceneSpeech } from '@vsynth/core';
import { createAssetLoader, drawScenes, estimateSceneDuration } from '@vsynth/preview';

/** Scale of the storyboard PNGs relative to the canvas (960×540 for landscape). */
export const SCENE_IMAGE_SCALE = 0.5;

const remoteAssets = createAssetLoader({ timeoutMs: 3000 });

export interface SceneImages {
  readonly canvas: { readonly width: number; readonly height: number };
  /** Estimated seconds of each scene, as `vsynth preview` estimates them. */
  readonly durations: readonly number[];
  /** PNG of scene `index`, drawn on first call; undefined for an index out of range. */
  image(index: number): Promise<Buffer> | undefined;
}

/** Prepares the images of a v3 or legacy payload; `baseDir` resolves relative image paths. */
export function sceneImages(payload: unknown, format: 'v3' | 'legacy', baseDir: string): SceneImages {
  const record = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    scenes?: unknown[];
    orientation?: unknown;
  };
  const scenes = Array.isArray(record.scenes) ? record.scenes : [];
  const orientation = format === 'v3' && typeof record.orientation === 'string' ? record.orientation : 'landscape';
  let canvas = { width: 1920, height: 1080 };
  try {
    canvas = canvasSize(orientation);
  } catch {
    // An orientation that cannot be laid out: the compiler reported it.
  }
  const durations = sceneSpeech(payload, format).map((speech) => estimateSceneDuration(speech.text, speech.language));
  // Local files may have changed since the last build; a remote address is fetched once per studio.
  const local = createAssetLoader({ baseDir, timeoutMs: 3000 });
  const loadAsset = (ref: string): ReturnType<typeof local> => (/^https?:/i.test(ref) ? remoteAssets(ref) : local(ref));
  const drawn = new Map<number, Promise<Buffer>>();
  return {
    canvas,
    durations,
    image(index) {
      if (!Number.isInteger(index) || index < 0 || index >= scenes.length) return undefined;
      let png = drawn.get(index);
      if (png === undefined) {
        // One scene per call: the page shows the first images while the others are drawn.
        const options = { scale: SCENE_IMAGE_SCALE, baseDir, loadAsset };
        png = drawScenes({ ...record, scenes: [scenes[index]] }, options).then((result) => {
          const first = result.scenes[0];
          if (first === undefined) throw new Error(`scene ${index} could not be drawn`);
          return first.png;
        });
        drawn.set(index, png);
      }
      return png;
    },
  };
}
