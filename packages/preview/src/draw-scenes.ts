import { Resvg } from '@resvg/resvg-js';
import { canvasSize, omitUndefined, UsageError, type Issue } from '@vsynth/core';
import { createAssetLoader, type LoadedAsset } from './assets/load-asset.js';
import { estimateSceneDuration } from './duration/estimate-scene-duration.js';
import { loadFontCatalog } from './fonts/font-catalog.js';
import { sceneSpeech, type SceneSpeech } from './payload/scene-speech.js';
import { toV3Payload } from './payload/to-v3-payload.js';
import { sceneToSvg } from './svg/scene-to-svg.js';
import { mergeRepeatedWarnings } from './merge-repeated-warnings.js';

/** Options shared by every preview entry point. */
export interface DrawOptions {
  /** Size multiplier of the PNGs (1 = canvas size, 0.25 = thumbnails). Default 1. */
  readonly scale?: number;
  /** Directory relative asset paths are resolved against (default: working directory). */
  readonly baseDir?: string;
  /** Timeout of each http(s) asset fetch in ms (default 5000). */
  readonly timeoutMs?: number;
  /** Orientation of a legacy payload, which does not state one (default `landscape`). */
  readonly orientation?: string;
  /** Extra font directories searched before the system ones. */
  readonly fontDirs?: readonly string[];
  /** Use system fonts (default true); the bundled DejaVu fonts are always available. */
  readonly systemFonts?: boolean;
  /** Read images from local paths and file: URLs (default true). */
  readonly localFiles?: boolean;
  /** Loads the images; pass one `createAssetLoader` to many renders to load each address once. */
  readonly loadAsset?: (ref: string) => Promise<LoadedAsset>;
  /** Draw only the first `limit` scenes. */
  readonly limit?: number;
  readonly signal?: AbortSignal;
}

export interface DrawnScene {
  /** Position in `payload.scenes`. */
  readonly index: number;
  readonly svg: string;
  readonly png: Buffer;
  readonly durationSeconds: number;
  readonly speech: SceneSpeech;
}

export interface DrawnPayload {
  readonly scenes: readonly DrawnScene[];
  readonly canvas: { readonly width: number; readonly height: number };
  /** Name of the project, when the payload has one. */
  readonly name: string | undefined;
  readonly warnings: readonly Issue[];
}

export interface SvgToPngOptions {
  /** The only fonts the text may use; system fonts are never loaded, so output is the same on every machine. */
  readonly fontFiles: readonly string[];
  /** Zoom factor of the output; default 1 (the SVG's own size). */
  readonly scale?: number;
  /** Family used where the SVG names none. */
  readonly defaultFamily?: string | undefined;
}

/** Renders an SVG to PNG with exactly the given font files. */
export function svgToPng(svg: string, options: SvgToPngOptions): Buffer {
  const resvg = new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: [...options.fontFiles],
      ...(options.defaultFamily ? { defaultFontFamily: options.defaultFamily } : {}),
    },
    fitTo: options.scale && options.scale !== 1 ? { mode: 'zoom', value: options.scale } : { mode: 'original' },
    logLevel: 'off',
  });
  return resvg.render().asPng();
}

/**
 * Draws every scene of a v3 or legacy payload in memory, as SVG and PNG with its estimated duration; the
 * render functions build on it.
 *
 * @example
 * const { scenes, warnings } = await drawScenes(payload, { scale: 0.25 })
 * writeFileSync('first.png', scenes[0].png)
 */
export async function drawScenes(input: unknown, options: DrawOptions = {}): Promise<DrawnPayload> {
  const scale = options.scale ?? 1;
  if (!(scale > 0 && scale <= 8)) {
    throw new UsageError(
      `Preview scale must be a number greater than 0 and at most 8, received ${scale}: ` +
        'use e.g. 1 for full size or 0.25 for thumbnails',
    );
  }
  // A zero timeout and an empty orientation mean the defaults.
  const { baseDir, signal, localFiles } = options;
  const timeoutMs = options.timeoutMs || undefined;
  const loadAsset = options.loadAsset ?? createAssetLoader(omitUndefined({ baseDir, timeoutMs, signal, localFiles }));
  const { payload, warnings: conversion } = await toV3Payload(input, {
    loadAsset,
    ...omitUndefined({ orientation: options.orientation || undefined }),
  });
  const orientation = typeof payload['orientation'] === 'string' ? payload['orientation'] : 'landscape';
  const canvas = canvasSize(orientation);
  const catalog = loadFontCatalog(omitUndefined({ fontDirs: options.fontDirs, systemFonts: options.systemFonts }));
  const warnings: Issue[] = [...conversion];
  const scenes: DrawnScene[] = [];
  const count = Math.min(payload.scenes.length, options.limit ?? Infinity);
  for (let index = 0; index < count; index++) {
    options.signal?.throwIfAborted();
    const scene = payload.scenes[index];
    const speech = sceneSpeech(scene);
    const path = ['scenes', index];
    const drawn = await sceneToSvg(scene, { canvas, catalog, loadAsset, path, lang: speech.lang });
    warnings.push(...drawn.warnings);
    const png = svgToPng(drawn.svg, { fontFiles: drawn.fontFiles, scale, defaultFamily: catalog.defaultFamily });
    const durationSeconds = estimateSceneDuration(speech.text, speech.language);
    scenes.push({ index, svg: drawn.svg, png, durationSeconds, speech });
  }
  const name = typeof payload['name'] === 'string' ? payload['name'] : undefined;
  return { scenes, canvas, name, warnings: mergeRepeatedWarnings(warnings) };
}
