import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contactSheet } from './contact-sheet.js';
import { drawScenes, type DrawOptions } from './draw-scenes.js';
import { findExecutable } from './draft/find-executable.js';
import { renderDraft } from './draft/render-draft.js';

export interface RenderArtifactOptions extends Omit<DrawOptions, 'limit' | 'scale'> {
  /** PATH searched for ffmpeg and espeak-ng (default `process.env.PATH`). */
  readonly searchPath?: string;
  /** Frame size of the MP4 relative to the canvas (default 0.25: 480x270 landscape). */
  readonly scale?: number;
}

export interface Artifact {
  readonly fileName: string;
  readonly contentType: 'video/mp4' | 'image/png';
  readonly bytes: Buffer;
}

/**
 * What the sandbox serves as a project's exported file: the MP4 draft when ffmpeg is installed, else the
 * contact sheet PNG. Local image paths are not read unless `localFiles: true`.
 *
 * @example
 * const { fileName, contentType, bytes } = await renderArtifact(storedProject.payload)
 * response.writeHead(200, { 'content-type': contentType }).end(bytes)
 */
export async function renderArtifact(project: unknown, options: RenderArtifactOptions = {}): Promise<Artifact> {
  // Like the service, the artifact draws only what is reachable by URL: no local files.
  const drawOptions = { timeoutMs: 2000, localFiles: false, ...options };
  if (findExecutable('ffmpeg', options.searchPath)) {
    const work = await mkdtemp(join(tmpdir(), 'vsynth-artifact-'));
    try {
      const out = join(work, 'draft.mp4');
      await renderDraft(project, { ...drawOptions, scale: options.scale ?? 0.25, out });
      return { fileName: 'draft.mp4', contentType: 'video/mp4', bytes: await readFile(out) };
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }
  const drawn = await drawScenes(project, { ...drawOptions, scale: 0.25 });
  return { fileName: 'contact-sheet.png', contentType: 'image/png', bytes: contactSheet(drawn) };
}
