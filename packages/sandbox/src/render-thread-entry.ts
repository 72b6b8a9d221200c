/**
 * The render thread of {@link RenderThread}: draws `@vsynth/preview` artifacts on request, at a
 * low CPU priority, so the sandbox's own thread keeps answering requests while drafts are drawn.
 */
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderArtifact } from '@vsynth/preview';
import type { RenderReply, RenderRequest } from './render-thread.js';

/** Nice 10, not 19: at 19 the drawing (and its ffmpeg) starves while other processes keep the cores busy. */
const RENDER_NICE = 10;

// On Linux the nice value belongs to the calling thread alone, and ffmpeg started from here
// inherits it; elsewhere it would apply to the whole process, so it is left as it is.
if (process.platform === 'linux') {
  try {
    setPriority(RENDER_NICE);
  } catch {
    // Not permitted here: the thread draws at normal priority.
  }
}

const port = parentPort;
if (port === null) throw new Error('render-thread-entry runs as a worker thread of RenderThread');
const running = new Map<number, AbortController>();

port.on('message', (message: RenderRequest) => {
  if (message.type === 'cancel') {
    running.get(message.id)?.abort();
    return;
  }
  const controller = new AbortController();
  running.set(message.id, controller);
  renderArtifact(message.payload, { signal: controller.signal }).then(
    (artifact) => {
      const source = artifact.bytes;
      // A Buffer may sit in a shared pool: only a buffer of its own can be handed over.
      const bytes =
        source.byteOffset === 0 && source.byteLength === source.buffer.byteLength ? source : new Uint8Array(source);
      const reply: RenderReply = {
        id: message.id,
        artifact: { fileName: artifact.fileName, contentType: artifact.contentType, bytes },
      };
      port.postMessage(reply, [bytes.buffer as ArrayBuffer]);
      running.delete(message.id);
    },
    (error: unknown) => {
      const reply: RenderReply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
      port.postMessage(reply);
      running.delete(message.id);
    },
  );
});
