import { join, resolve } from 'node:path';
import type { Issue } from '@vsynth/core';
import { contactSheet } from './contact-sheet.js';
import { drawScenes, type DrawOptions } from './draw-scenes.js';
import { makeOutputDir, writeOutput } from './write-output.js';

export interface RenderStoryboardOptions extends DrawOptions {
  /** Directory the files are written to (created when missing). */
  readonly outDir: string;
}

export interface StoryboardScene {
  /** Position in `payload.scenes`. */
  readonly index: number;
  readonly svgPath: string;
  readonly pngPath: string;
  /** Estimated length of the scene's speech (see `estimateSceneDuration`). */
  readonly durationSeconds: number;
}

export interface Storyboard {
  readonly scenes: readonly StoryboardScene[];
  readonly contactSheetPath: string;
  /** Sum of the scenes' estimated durations, in seconds. */
  readonly totalSeconds: number;
  /** Missing assets, fonts and undrawable clips; the storyboard is drawn regardless. */
  readonly warnings: readonly Issue[];
}

/**
 * Draws each scene of a v3 or legacy payload to `scene-NNN.svg` and `scene-NNN.png` in
 * `outDir`, and all of them to `contact-sheet.png`.
 *
 * @example
 * const board = await renderStoryboard(payload, { outDir: 'preview', scale: 0.5 })
 * console.log(board.contactSheetPath, board.totalSeconds)
 */
export async function renderStoryboard(payload: unknown, options: RenderStoryboardOptions): Promise<Storyboard> {
  const outDir = resolve(options.outDir);
  const drawn = await drawScenes(payload, options);
  await makeOutputDir(outDir);
  const scenes: StoryboardScene[] = [];
  for (const scene of drawn.scenes) {
    const base = join(outDir, `scene-${String(scene.index).padStart(3, '0')}`);
    await writeOutput(`${base}.svg`, scene.svg);
    await writeOutput(`${base}.png`, scene.png);
    const { index, durationSeconds } = scene;
    scenes.push({ index, svgPath: `${base}.svg`, pngPath: `${base}.png`, durationSeconds });
  }
  const contactSheetPath = join(outDir, 'contact-sheet.png');
  await writeOutput(contactSheetPath, contactSheet(drawn));
  const totalSeconds = Math.round(scenes.reduce((sum, scene) => sum + scene.durationSeconds, 0) * 10) / 10;
  return { scenes, contactSheetPath, totalSeconds, warnings: drawn.warnings };
}
