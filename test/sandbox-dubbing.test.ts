import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DUBBING, testSandbox } from './sandbox-helpers.js';

let sandbox: Awaited<ReturnType<typeof testSandbox>>;
let client: ReturnType<typeof api>;
beforeAll(async () => {
  sandbox = await testSandbox({ maxUploadBytes: 16 * 1024 * 1024 });
  client = api(sandbox.url);
});
afterAll(async () => {
  await sandbox.dispose();
});

function video(bytes: number): Blob {
  const data = new Uint8Array(bytes);
  for (let i = 0; i < bytes; i++) data[i] = (i * 31 + 7) % 256;
  return new Blob([data], { type: 'video/mp4' });
}

function form(fields: Record<string, string | Blob>, fileName = 'promo.mp4'): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') body.set(name, value);
    else body.set(name, value, name === 'file' ? fileName : `${name}.srt`);
  }
  return body;
}

describe('dubbing upload and progress', () => {
  it('accepts a multipart upload, reports rising progress across polls, then a download_url serving the upload', async () => {
    const file = video(3 * 1024 * 1024 + 17);
    const upload = await client.form(
      DUBBING,
      form({
        file,
        original: 'en-US',
        target_0: 'es-ES',
        target_1: 'fr-FR',
        targetSrt_1: new Blob(['1\n00:00:00,000 --> 00:00:01,000\nHola\n']),
        numberOfSpeakers: '2',
        isCaptionFile: 'true',
      }),
    );
    expect(upload.status).toBe(200);
    expect(Object.keys(upload.body)).toEqual(['folderId']);
    const folderId = upload.body.folderId as string;

    const polls = [];
    for (let i = 0; i < 5; i++) polls.push((await client.get(`${DUBBING}?folderId=${folderId}`)).body);
    expect(polls.map((p) => p.progress)).toEqual([25, 50, 75, 100, 100]);
    expect(polls.slice(0, 3).map((p) => p.download_url)).toEqual(['', '', '']);
    expect(polls[3]).toMatchObject({ name: 'promo.mp4', targets: ['es-ES', 'fr-FR'] });
    expect(polls[3].projectId).toMatch(/^[0-9a-f]{24}$/);
    const download = await fetch(polls[3].download_url);
    expect(download.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(await file.arrayBuffer()))).toBe(true);

    const entry = (await client.get('/sandbox/ledger')).body.entries.find(
      (e: { folderId?: string }) => e.folderId === folderId,
    );
    expect(entry).toMatchObject({
      endpoint: `POST ${DUBBING}`,
      cubes: 4,
      body: {
        fields: {
          original: 'en-US',
          target_0: 'es-ES',
          target_1: 'fr-FR',
          numberOfSpeakers: '2',
          isCaptionFile: 'true',
        },
        files: [
          { field: 'file', fileName: 'promo.mp4', size: 3 * 1024 * 1024 + 17 },
          { field: 'targetSrt_1', fileName: 'targetSrt_1.srt', size: 37 },
        ],
      },
    });
  });

  it('answers 400 listing every problem of the form, and keeps no upload', async () => {
    const before = await readdir(join(sandbox.dir, 'uploads')).catch(() => []);
    const reply = await client.form(
      DUBBING,
      form({ file: video(10), target_0: 'xx-XX', targetSrt_3: new Blob(['x']), numberOfSpeakers: '9' }),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toBe('invalid_request');
    expect(
      reply.body.error.issues
        .filter((i: { severity: string }) => i.severity === 'error')
        .map((i: { path: string[] }) => i.path[0]),
    ).toEqual(['target_0', 'numberOfSpeakers', 'targetSrt_3']);
    expect(await readdir(join(sandbox.dir, 'uploads'))).toEqual(before);
  });

  it('answers 400 without the file or without target_0', async () => {
    const reply = await client.form(DUBBING, form({ original: 'auto' }));
    expect(reply.status).toBe(400);
    expect(reply.body.error.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['file', 'target_0']);
  });

  it('answers 413 past maxUploadBytes', async () => {
    const small = await testSandbox({ maxUploadBytes: 4096 });
    try {
      const reply = await api(small.url).form(DUBBING, form({ file: video(8192), target_0: 'es-ES' }));
      expect(reply.status).toBe(413);
      expect(reply.body.error).toMatchObject({
        code: 'payload_too_large',
        message:
          "The upload is larger than the sandbox's limit of 4096 bytes (maxUploadBytes; vsynth sandbox --max-upload-mb).",
      });
      expect(await readdir(join(small.dir, 'uploads')).catch(() => [])).toEqual([]);

      // Without Content-Length (chunked), the limit stops the stream as it arrives.
      const boundary = 'b0undary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="target_0"\r\n\r\nes-ES\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.mp4"\r\n\r\n`;
      const chunks = [head, 'x'.repeat(3000), 'x'.repeat(3000), `\r\n--${boundary}--\r\n`];
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next === undefined) controller.close();
          else controller.enqueue(new TextEncoder().encode(next));
        },
      });
      const response = await fetch(`${small.url}${DUBBING}`, {
        method: 'POST',
        headers: { authorization: 'sandbox-key', 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(response.headers.get('connection')).toBe('close');
      expect(await readdir(join(small.dir, 'uploads'))).toEqual([]);
    } finally {
      await small.dispose();
    }
  });

  it('answers 415 for a JSON body, 400 without folderId, 404 for an unknown folder', async () => {
    expect((await client.post(DUBBING, { target_0: 'es-ES' })).status).toBe(415);
    const missing = await client.get(DUBBING);
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues[0].path).toEqual(['folderId']);
    expect((await client.get(`${DUBBING}?folderId=nope`)).status).toBe(404);
  });

  it("answers 404 for another key's folder", async () => {
    const other = await testSandbox({ apiKeys: ['a', 'b'] });
    try {
      const upload = await api(other.url, 'a').form(DUBBING, form({ file: video(100), target_0: 'ko-KR' }));
      expect((await api(other.url, 'b').get(`${DUBBING}?folderId=${upload.body.folderId}`)).status).toBe(404);
      expect((await api(other.url, 'a').get(`${DUBBING}?folderId=${upload.body.folderId}`)).status).toBe(200);
    } finally {
      await other.dispose();
    }
  });

  it('does not finish before exportSeconds have passed', async () => {
    let clock = 0;
    const timed = await testSandbox({ exportSeconds: 100, dubbingPolls: 2, now: () => clock });
    try {
      const t = api(timed.url);
      const { body } = await t.form(DUBBING, form({ file: video(10), target_0: 'ja-JP' }));
      clock = 10_000;
      expect((await t.get(`${DUBBING}?folderId=${body.folderId}`)).body.progress).toBe(10);
      clock = 60_000;
      expect((await t.get(`${DUBBING}?folderId=${body.folderId}`)).body.progress).toBe(60);
      clock = 100_000;
      expect((await t.get(`${DUBBING}?folderId=${body.folderId}`)).body.progress).toBe(100);
    } finally {
      await timed.dispose();
    }
  });
});
