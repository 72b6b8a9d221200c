import type { ProjectFormat } from './records.js';

/** The file an export produces. */
export interface Artifact {
  readonly fileName: string;
  readonly contentType: string;
  readonly bytes: Uint8Array;
  /** Seconds reported in the webhook's `duration`; the sandbox's estimate when absent. */
  readonly durationSeconds?: number;
}

/** What a renderer is told besides the payload. */
export interface RenderContext {
  readonly projectId: string;
  readonly exportId: string;
  readonly format: ProjectFormat;
  /** The sandbox's duration estimate in seconds (`@vsynth/preview`'s `estimateSceneDuration`, summed). */
  readonly durationSeconds: number;
  /** Aborted when the sandbox stops: stop rendering (the export resumes at the next start). */
  readonly signal?: AbortSignal;
}

/**
 * Turns an exported payload into the artifact served at `videoUrl`. Plug in
 * `@vsynth/preview`'s renderer for storyboards or MP4 drafts.
 */
export type RenderArtifact = (payload: unknown, context: RenderContext) => Artifact | Promise<Artifact>;

/**
 * The default renderer: the sandbox synthesises no video, so the artifact is the normalised
 * project JSON (`<projectId>.json`) with the export's id, format and estimated duration.
 *
 * @example renderProjectJson(payload, context).fileName // '6740f1a2….json'
 */
export function renderProjectJson(payload: unknown, context: RenderContext): Artifact {
  const document = {
    projectId: context.projectId,
    exportId: context.exportId,
    format: context.format,
    durationSeconds: context.durationSeconds,
    note: 'The vsynth sandbox synthesises no video; this file is the project as exported.',
    project: payload,
  };
  return {
    fileName: `${context.projectId}.json`,
    contentType: 'application/json; charset=utf-8',
    bytes: new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`),
  };
}
