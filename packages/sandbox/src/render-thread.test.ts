import { readdirSync, readFileSync } from 'node:fs';
import { omitUndefined } from '@vsynth/core';
import { renderArtifact } from '@vsynth/preview';
import { afterEach, describe, expect, it } from 'vitest';
import { RenderThread } from './render-thread.js';

const payload = {
  name: 'Render thread',
  scenes: [
    {
      sceneIdx: 0,
      scripts: [
        { org: 'Hello from the render thread.', isTTS: false, tts: null, modelId: 'anna', clothId: 'suit_navy' },
      ],
      background: { id: 'background', type: 'background', source_type: 'color', source_url: '#204060' },
      clips: [
        {
          id: 'title',
          name: 'title',
          type: 'text',
          layer: 1,
          top: 100,
          left: 100,
          width: 800,
          height: 120,
          text: 'Welcome',
        },
      ],
    },
  ],
};

const threads: RenderThread[] = [];
afterEach(async () => {
  await Promise.all(threads.splice(0).map((thread) => thread.close()));
});

function renderThread(idleMs?: number): RenderThread {
  const thread = new RenderThread(omitUndefined({ idleMs }));
  threads.push(thread);
  return thread;
}

/** This process's threads (Linux): id → nice value. */
function niceByThread(): Map<number, number> {
  const nice = new Map<number, number>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      nice.set(Number(tid), Number(fields[16]));
    } catch {
      // The thread ended while listed.
    }
  }
  return nice;
}

describe('RenderThread', () => {
  it('draws the artifact @vsynth/preview draws, bytes for bytes', async () => {
    const direct = await renderArtifact(payload);
    const threaded = await renderThread().render(payload);
    expect(threaded.fileName).toBe(direct.fileName);
    expect(threaded.contentType).toBe(direct.contentType);
    expect(Buffer.from(threaded.bytes).equals(direct.bytes)).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'draws on a thread of its own at nice 10 and leaves the calling thread at its priority',
    async () => {
      const before = niceByThread();
      await renderThread().render(payload);
      const after = niceByThread();
      expect(after.get(process.pid)).toBe(before.get(process.pid));
      // The thread, and any pool thread it was first to need (they take its priority).
      expect([...after].filter(([tid, nice]) => !before.has(tid) && nice === 10).length).toBeGreaterThanOrEqual(1);
    },
  );

  it('rejects a render whose signal aborts with the signal’s reason, and goes on drawing', async () => {
    const thread = renderThread();
    const controller = new AbortController();
    const aborted = thread.render(payload, controller.signal);
    controller.abort(new Error('the sandbox is stopping'));
    await expect(aborted).rejects.toThrow('the sandbox is stopping');
    await expect(thread.render(payload, AbortSignal.abort(new Error('already stopped')))).rejects.toThrow(
      'already stopped',
    );
    expect((await thread.render(payload)).bytes.byteLength).toBeGreaterThan(1000);
  });

  it('rejects the renders of a thread that ends, saying so, and starts a new thread for the next', async () => {
    const thread = renderThread();
    const pending = thread.render(payload);
    const closing = thread.close();
    // Asked while the first thread is still ending: drawn by the next one, not failed with the first.
    const next = thread.render(payload);
    await closing;
    await expect(pending).rejects.toThrow(/^the render thread stopped \(exit code \d+\)$/);
    expect((await next).bytes.byteLength).toBeGreaterThan(1000);
  });

  it.runIf(process.platform === 'linux')('ends an idle thread after idleMs', async () => {
    const thread = renderThread(50);
    const before = niceByThread();
    const drawing = () => [...niceByThread()].filter(([tid, nice]) => !before.has(tid) && nice === 10).length;
    await thread.render(payload);
    const whileAlive = drawing();
    expect(whileAlive).toBeGreaterThanOrEqual(1);
    await expect.poll(drawing, { timeout: 5_000 }).toBeLessThan(whileAlive);
  });
});
