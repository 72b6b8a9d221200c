import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '../errors/api-error.js';
import { formatIssues } from '../errors/format-issues.js';
import { isValidationError, type ValidationError } from '../errors/validation-error.js';
import { createClient } from './create-client.js';
import { prepareDubbingUpload } from './dubbing-upload.js';
import { rejection } from './test-rejection.js';

let dir: string;
let server: http.Server;
let baseUrl: string;
let requests: { headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
let status = 200;
let onChunk: ((received: number) => void) | undefined;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-dub-'));
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let received = 0;
    req.on('data', (c: Buffer) => {
      received += c.length;
      onChunk?.(received);
      chunks.push(c);
    });
    req.on('end', () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(
        status === 200
          ? JSON.stringify({ folderId: `folder-${requests.length}` })
          : JSON.stringify({ message: 'token expired' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

async function form(index: number): Promise<FormData> {
  const request = requests[index];
  if (request === undefined) throw new Error(`no request ${index}`);
  return new Response(request.body, {
    headers: { 'content-type': String(request.headers['content-type']) },
  }).formData();
}

describe('uploadDubbing', () => {
  it('streams the file from a path with target_N and targetSrt_N beside it', async () => {
    requests = [];
    const video = join(dir, 'talk.mp4');
    const srt = join(dir, 'fr.srt');
    await writeFile(video, Buffer.alloc(300_000, 7));
    await writeFile(srt, '1\n00:00:00,000 --> 00:00:01,000\nBonjour\n');
    const client = createClient({ apiKey: 'key-1234', baseUrl, env: {} });
    const answer = await client.uploadDubbing({
      file: video,
      targets: ['es-ES', 'fr-FR'],
      original: 'en-US',
      originalSrt: new File(['1\n00:00:00,000 --> 00:00:01,000\nHello\n'], 'en.srt'),
      targetSrts: { 'fr-FR': srt },
      isRemoveBGM: true,
      numberOfSpeakers: 2,
    });
    expect(answer.folderId).toBe('folder-1');
    const request = requests[0];
    expect(request?.headers['authorization']).toBe('key-1234');
    expect(request?.headers['content-length']).toBe(String(request?.body.length));
    const fields = await form(0);
    expect([...fields.keys()]).toEqual([
      'file',
      'original',
      'originalSrt',
      'target_0',
      'target_1',
      'targetSrt_1',
      'isRemoveBGM',
      'numberOfSpeakers',
    ]);
    expect((fields.get('originalSrt') as File).name).toBe('en.srt');
    const file = fields.get('file') as File;
    expect(file.name).toBe('talk.mp4');
    expect(file.type).toBe('video/mp4');
    expect(file.size).toBe(300_000);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.alloc(300_000, 7))).toBe(true);
    expect(fields.get('target_0')).toBe('es-ES');
    expect(fields.get('target_1')).toBe('fr-FR');
    expect(await (fields.get('targetSrt_1') as File).text()).toContain('Bonjour');
    expect(fields.get('isRemoveBGM')).toBe('true');
    expect(fields.get('numberOfSpeakers')).toBe('2');
  });

  it('accepts a Blob and a web stream', async () => {
    requests = [];
    const client = createClient({ apiKey: 'key-1234', baseUrl, env: {} });
    await client.uploadDubbing({ file: new File([new Uint8Array([1, 2, 3])], 'clip.mov'), targets: ['ko-KR'] });
    const bytes = new Uint8Array([9, 8, 7, 6]);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    await client.uploadDubbing({ file: stream, fileName: 'piped.mp4', targets: ['ja-JP'], isCaptionFile: false });
    const first = (await form(0)).get('file') as File;
    expect(first.name).toBe('clip.mov');
    expect([...new Uint8Array(await first.arrayBuffer())]).toEqual([1, 2, 3]);
    expect(requests[1]?.headers['transfer-encoding']).toBe('chunked');
    const second = await form(1);
    expect([...new Uint8Array(await (second.get('file') as File).arrayBuffer())]).toEqual([9, 8, 7, 6]);
    expect(second.get('isCaptionFile')).toBe('false');
  });

  it('reads a large stream only as fast as the socket takes it', async () => {
    requests = [];
    const chunk = new Uint8Array(1024 * 1024);
    const total = 96;
    let pulled = 0;
    let received = 0;
    let maxAhead = 0;
    onChunk = (bytes) => {
      received = bytes;
    };
    const stream = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled === total) {
            controller.close();
            return;
          }
          pulled += 1;
          maxAhead = Math.max(maxAhead, pulled * chunk.length - received);
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const client = createClient({ apiKey: 'key-1234', baseUrl, env: {} });
    await client.uploadDubbing({ file: stream, targets: ['de-DE'] });
    onChunk = undefined;
    expect(requests[0]?.body.length).toBeGreaterThan(total * chunk.length);
    // Never more than a few socket buffers ahead of the receiver — not the whole 96 MB.
    expect(maxAhead).toBeLessThan(32 * 1024 * 1024);
  });

  it('re-issues the token and sends a file again once after a 401', async () => {
    requests = [];
    const video = join(dir, 'again.mp4');
    await writeFile(video, 'abc');
    let issued = 0;
    const client = createClient({
      appId: 'app',
      userKey: 'uk-secret',
      baseUrl,
      env: {},
      issueToken: async () => ({ token: `t-${++issued}` }),
    });
    status = 401;
    const failed = (await rejection(client.uploadDubbing({ file: video, targets: ['es-ES'] }))) as ApiError;
    expect(failed.status).toBe(401);
    expect(requests.map((r) => r.headers['authorization'])).toEqual(['t-1', 't-2']);
    status = 200;
    requests = [];
    expect((await client.uploadDubbing({ file: video, targets: ['es-ES'] })).folderId).toBe('folder-1');
  });

  it('does not send a stream again after a 401: its bytes can be read only once', async () => {
    requests = [];
    let issued = 0;
    const client = createClient({
      appId: 'app',
      userKey: 'uk-secret',
      baseUrl,
      env: {},
      issueToken: async () => ({ token: `t-${++issued}` }),
    });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([1, 2, 3]));
        controller.close();
      },
    });
    status = 401;
    try {
      const failed = (await rejection(client.uploadDubbing({ file: stream, targets: ['es-ES'] }))) as ApiError;
      expect(failed.status).toBe(401);
    } finally {
      status = 200;
    }
    expect(requests.map((r) => r.headers['authorization'])).toEqual(['t-1']);
  });

  it('checks every limit before sending anything', async () => {
    requests = [];
    const client = createClient({ apiKey: 'key-1234', baseUrl, env: {} });
    const error = (await rejection(
      client.uploadDubbing({
        file: join(dir, 'missing.mp4'),
        targets: ['es-ES', 'xx-XX', 'es-ES', 'en-US', 'fr-FR', 'de-DE', 'ja-JP', 'ko-KR', 'it-IT', 'nl-NL', 'tr-TR'],
        original: 'english',
        numberOfSpeakers: 6,
        targetSrts: { 'vi-VN': new Blob(['x']) },
      }),
    )) as ValidationError;
    expect(isValidationError(error)).toBe(true);
    expect(requests).toHaveLength(0);
    expect(error.issues.map((i) => i.path.join('.'))).toEqual([
      'targets',
      'targets.1',
      'targets.2',
      'original',
      'numberOfSpeakers',
      'targetSrts.vi-VN',
      'file',
    ]);
    expect(formatIssues(error.issues)).toContain('at most 10 target languages are allowed, got 11');
    expect(formatIssues(error.issues)).toContain('a subtitle file for vi-VN needs vi-VN among the targets');
  });

  it('requires at least one target and accepts speakers auto', async () => {
    const none = (await rejection(prepareDubbingUpload({ file: new Blob(['x']), targets: [] }))) as ValidationError;
    expect(none.issues[0]?.message).toBe('at least one target language is required (target_0)');
    const ok = await prepareDubbingUpload({ file: new Blob(['x']), targets: ['es-ES'], numberOfSpeakers: 'auto' });
    expect(ok.parts.map((p) => p.name)).toEqual(['file', 'target_0', 'numberOfSpeakers']);
    expect(ok.replayable).toBe(true);
  });
});
