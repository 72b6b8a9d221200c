import { renderProjectJson, type Artifact, type RenderContext } from './render-artifact.js';
import { RenderThread } from './render-thread.js';

export interface PreviewArtifactOptions {
  /** Told when the preview could not be drawn and the project JSON was served instead. */
  readonly onFallback?: (message: string) => void;
}

/**
 * A `renderArtifact` that serves `@vsynth/preview`'s artifact: an MP4 draft where ffmpeg is
 * installed, else the contact sheet PNG, named `<projectId>-<name>`. When the preview cannot be
 * drawn the export still completes, with the project JSON (`renderProjectJson`). Drafts are drawn
 * in a thread of their own at a low CPU priority ({@link RenderThread}), not on the thread
 * that answers requests.
 *
 * @example await startSandbox({ renderArtifact: previewArtifact({ onFallback: console.warn }) })
 */
export function previewArtifact(
  options: PreviewArtifactOptions = {},
): (payload: unknown, context: RenderContext) => Promise<Artifact> {
  const thread = new RenderThread();
  return async (payload, context) => {
    try {
      const artifact = await thread.render(payload, context.signal);
      return {
        fileName: `${context.projectId}-${artifact.fileName}`,
        contentType: artifact.contentType,
        bytes: artifact.bytes,
      };
    } catch (error) {
      // The sandbox is stopping: the export stays unfinished, no fallback artifact.
      if (context.signal?.aborted === true) throw error;
      const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
      options.onFallback?.(
        `preview of project ${context.projectId} failed (${message}); serving the project JSON instead`,
      );
      return renderProjectJson(payload, context);
    }
  };
}
