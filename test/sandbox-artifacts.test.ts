import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { previewArtifact, renderProjectJson } from '@vsynth/sandbox';
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
    expect(decodeURIComponent(exported.videoUrl.split('/').at(-1))).toMatch(
      new RegExp(`^${body.projectId}-(draft\\.mp4|contact-sheet\\.png)$`),
    );
    // 7 words at 150 per minute
    expect(exported.duration).toBe('2.8');
  });

  it('falls back to the project JSON when the preview cannot be drawn, and says why', async () => {
    const messages: string[] = [];
    const sandbox = await testSandbox({ renderArtifact: previewArtifact({ onFallback: (m) => messages.push(m) }) });
    disposables.push(sandbox);
    const { body } = await api(sandbox.url).post(
      CREATE,
      variantA(['square video'], () => [], { orientation: 'square' }),
    );
    const exported = await exportOf(sandbox, body.projectId, (e) => e.status === 'done');
    expect((await fetch(exported.videoUrl)).headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(
      new RegExp(`^preview of project ${body.projectId} failed \\(.+\\); serving the project JSON instead$`),
    );
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
      const { body } = await api(sandbox.url).post(
        CREATE,
        variantA(['x'], () => [], { webhookUrl: receiver.url }),
      );
      const exported = await exportOf(sandbox, body.projectId, (e) => e.status === 'failed');
      expect(exported).toMatchObject({
        error: 'rendering failed: renderer out of ink',
        videoUrl: null,
        webhook: { status: 'pending', attempts: 0 },
      });
      expect(receiver.requests).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('delivers webhooks while every render place is taken by slow renders', async () => {
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let slowRenders = 0;
    const sandbox = await testSandbox({
      renderArtifact: async (payload, context) => {
        if (JSON.stringify(payload).includes('slow render')) {
          slowRenders += 1;
          await gate;
        }
        return renderProjectJson(payload, context);
      },
    });
    disposables.push(sandbox);
    // The receiver holds its first delivery until the slow renders have started, then refuses it,
    // so the sandbox's retry comes while they still run.
    let refuseFirst!: () => void;
    const firstRefused = new Promise<void>((resolve) => (refuseFirst = resolve));
    const deliveries: string[] = [];
    const receiver = createServer((request, response) => {
      deliveries.push(request.url ?? '');
      if (deliveries.length === 1) void firstRefused.then(() => response.writeHead(500).end());
      else response.writeHead(200).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const { body } = await api(sandbox.url).post(
        CREATE,
        variantA(['quick'], () => [], { webhookUrl }),
      );
      await eventually(() => (deliveries.length === 1 ? true : undefined));
      for (let i = 0; i < 4; i++) await api(sandbox.url).post(CREATE, variantA([`slow render ${i}`]));
      // Three at least: while deliveries shared the render places, the held one kept the fourth.
      await eventually(() => (slowRenders >= 3 ? true : undefined));
      refuseFirst();
      const exported = await exportOf(
        sandbox,
        body.projectId,
        (e) => (e as { webhook?: { status: string } }).webhook?.status === 'delivered',
      );
      expect(exported).toMatchObject({ status: 'done', webhook: { status: 'delivered', attempts: 2 } });
      expect(deliveries).toHaveLength(2);
      expect(slowRenders).toBe(4);
    } finally {
      openGate();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
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
