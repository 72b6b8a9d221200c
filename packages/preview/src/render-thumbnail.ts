import { dirname, resolve } from 'node:path';
import { issue, ValidationError, type Issue } from '@vsynth/core';
import { drawScenes, type DrawOptions } from './draw-scenes.js';
import { makeOutputDir, writeOutput } from './write-output.js';

export interface RenderThumbnailOptions extends Omit<DrawOptions, 'limit'> {
  /** PNG file to write (its directory is created). */
  readonly out: string;
}

export interface Thumbnail {
  readonly path: string;
  readonly width: number;
  readonly height: number;
  readonly warnings: readonly Issue[];
}

/**
 * Draws the first scene of a v3 or legacy payload to a PNG, e.g. one per batch row; `scale` defaults to 0.25
 * (480x270 for landscape).
 *
 * @example
 * await renderThumbnail(rowPayload, { out: `previews/row-${row}.png`, scale: 0.25 })
 */
export async function renderThumbnail(payload: unknown, options: RenderThumbnailOptions): Promise<Thumbnail> {
  const scale = options.scale ?? 0.25;
  const drawn = await drawScenes(payload, { ...options, scale, limit: 1 });
  const first = drawn.scenes[0];
  const path = resolve(options.out);
  await makeOutputDir(dirname(path));
  if (!first) {
    const message = 'The payload has no scenes: nothing to draw a thumbnail of';
    throw new ValidationError([issue({ code: 'too_small', path: ['scenes'], message })], {
      subject: 'preview payload',
    });
  }
  await writeOutput(path, first.png);
  const width = Math.round(drawn.canvas.width * scale);
  return { path, width, height: Math.round(drawn.canvas.height * scale), warnings: drawn.warnings };
}
