import { afterEach, describe, expect, it } from 'vitest';
import { previewArtifact } from '@vsynth/sandbox';
import { api, CREATE, eventually, testSandbox, variantA, webhookReceiver } from './sandbox-helpers.js';

const disposables: { dispose(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(disposables.splice(0).map((d) => d.dispose()));
});

async function exportOf(sandbox: { url: string }, projectId: string, until: (e: { status: string }) => boolean) {
  return eventually(async () => {
    const e = (await api(sandbox.url).get(`/sandbox/projects/${projectId}`)).body.exports[0];
    return e !== undefined && until(e) ? e : undefined;
  });
}

describe('export artifacts', () => {
  it('serves the preview render (MP4 draft with ffmpeg, else contact sheet PNG) when previewArtifact is plugged in', async () => {
    const sandbox = await testSandbox({ renderArtifact: previewArtifact() });
    disposables.push(sandbox);
    const { body } = await api(sandbox.url).post(CREATE, variantA(['Hello and welcome to our product tour.']));
    const exported = await exportOf(sandbox, body.projectId, (e) => e.status === 'done');
    const download = await fetch(exported.videoUrl);
    const type = download.headers.get('content-type');
    expect(['video/mp4', 'image/png']).toContain(type);
    const bytes = Buffer.from(await download.arrayBuffer());
    if (type === 'image/png') expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    else expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(decodeURIComponent(exported.videoUrl.split('/').at(-1))).toMatch(new RegExp(`^${body.projectId}-(draft\\.mp4|contact-sheet\\.png)$`));
    // 7 words at 150 per minute
    expect(exported.duration).toBe('2.8');
  });

  it('falls back to the project JSON when the preview cannot be drawn, and says why', async () => {
    const messages: string[] = [];
    const sandbox = await testSandbox({ renderArtifact: previewArtifact({ onFallback: (m) => messages.push(m) }) });
    disposables.push(sandbox);
    const { body } = await api(sandbox.url).post(CREATE, variantA(['square video'], () => [], { orientation: 'square' }));
    const exported = await exportOf(sandbox, body.projectId, (e) => e.status === 'done');
    expect((await fetch(exported.videoUrl)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(new RegExp(`^preview of project ${body.projectId} failed \\(.+\\); serving the project JSON instead$`));
  });

  it('marks the export failed, without a webhook, when a custom renderer throws', async () => {
    const receiver = await webhookReceiver();
    try {
      const sandbox = await testSandbox({
        renderArtifact: () => {
          throw new Error('renderer out of ink');
        },
      });
      disposables.push(sandbox);
      const { body } = await api(sandbox.url).post(CREATE, variantA(['x'], () => [], { webhookUrl: receiver.url }));
      const exported = await exportOf(sandbox, body.projectId, (e) => e.status === 'failed');
      expect(exported).toMatchObject({ error: 'rendering failed: renderer out of ink', videoUrl: null, webhook: { status: 'pending', attempts: 0 } });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('answers 404 for an unknown artifact', async () => {
    const sandbox = await testSandbox();
    disposables.push(sandbox);
    const reply = await api(sandbox.url, null).get('/sandbox/artifacts/0123456789abcdef0123456789abcdef');
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe('not_found');
  });
});
