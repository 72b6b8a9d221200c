/**
 * Dubbing uploads are bounded in their number of parts and their text in total, refuse a part
 * given twice, keep no field the form does not define, and store and echo safe file names.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { api, DUBBING, testSandbox } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const BOUNDARY = 'vsynthb0undary';

/** A multipart body from parts written as they would be on the wire. */
function multipart(parts: { name: string; fileName?: string; value: string }[]): string {
  const pieces = parts.map(({ name, fileName, value }) => {
    const disposition = `form-data; name="${name}"${fileName === undefined ? '' : `; filename="${fileName}"`}`;
    return `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n${value}\r\n`;
  });
  return `${pieces.join('')}--${BOUNDARY}--\r\n`;
}

async function upload(url: string, body: string) {
  const response = await fetch(`${url}${DUBBING}`, {
    method: 'POST',
    headers: { authorization: 'sandbox-key', 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

const VIDEO = { name: 'file', fileName: 'promo.mp4', value: 'not really a video' };
const TARGET = { name: 'target_0', value: 'es-ES' };

async function sandboxWith(options: Parameters<typeof testSandbox>[0] = {}) {
  const sandbox = await testSandbox(options);
  cleanups.push(sandbox.dispose);
  return sandbox;
}

async function uploads(dir: string): Promise<string[]> {
  return readdir(join(dir, 'uploads')).catch(() => []);
}

describe('a dubbing upload', () => {
  it('with more parts than maxFormParts is refused 413 as it arrives, and nothing is kept', async () => {
    const sandbox = await sandboxWith();
    const extra = Array.from({ length: 60 }, (_, n) => ({ name: `note_${n}`, value: 'x' }));
    const reply = await upload(sandbox.url, multipart([VIDEO, TARGET, ...extra]));
    expect(reply.status).toBe(413);
    expect(reply.headers.get('connection')).toBe('close');
    expect(reply.body.error).toMatchObject({
      code: 'payload_too_large',
      message: 'The form has more than 50 parts (maxFormParts).',
    });
    expect(await uploads(sandbox.dir)).toEqual([]);
    expect((await api(sandbox.url).get('/sandbox/ledger')).body.entries).toEqual([]);
  });

  it('with text fields past maxFormTextBytes together is refused 413, each field being under 64 KiB', async () => {
    const sandbox = await sandboxWith({ maxFormTextBytes: 100_000, maxFormParts: 10 });
    const big = 'y'.repeat(40_000);
    const fields = ['original', 'numberOfSpeakers', 'isDubbingOnly'].map((name) => ({ name, value: big }));
    const reply = await upload(sandbox.url, multipart([VIDEO, TARGET, ...fields]));
    expect(reply.status).toBe(413);
    expect(reply.body.error.message).toBe(
      "The form's text fields hold more than 100000 bytes together (maxFormTextBytes).",
    );
    expect(await uploads(sandbox.dir)).toEqual([]);
  });

  it('with a second file part is refused 400, and neither file is kept', async () => {
    const sandbox = await sandboxWith();
    const reply = await upload(
      sandbox.url,
      multipart([VIDEO, TARGET, { name: 'file', fileName: 'other.mp4', value: 'second' }]),
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: 'invalid_request',
      message: 'The form has a second "file" part; send each field once.',
    });
    expect(await uploads(sandbox.dir)).toEqual([]);
  });

  it('keeps no field the form does not define, and stores and echoes a safe base file name', async () => {
    const sandbox = await sandboxWith();
    const reply = await upload(
      sandbox.url,
      multipart([
        { ...VIDEO, fileName: '../../../../tmp/x.mp4' },
        TARGET,
        { name: 'comment', value: 'z'.repeat(60_000) },
        { name: 'attachment', fileName: 'junk.bin', value: 'j'.repeat(10_000) },
      ]),
    );
    expect(reply.status).toBe(200);
    const client = api(sandbox.url);
    const [entry] = (await client.get('/sandbox/ledger')).body.entries;
    expect(entry.body).toEqual({
      fields: { target_0: 'es-ES' },
      files: [{ field: 'file', fileName: 'x.mp4', size: VIDEO.value.length }],
    });
    const stored = await readdir(join(sandbox.dir, 'uploads', reply.body.folderId));
    expect(stored).toHaveLength(1);
    expect((await stat(join(sandbox.dir, 'uploads', reply.body.folderId, stored[0]!))).size).toBe(VIDEO.value.length);

    const progress = await client.get(`${DUBBING}?folderId=${reply.body.folderId}`);
    expect(progress.body.name).toBe('x.mp4');
    for (let poll = 0; poll < 4; poll++) await client.get(`${DUBBING}?folderId=${reply.body.folderId}`);
    const done = await client.get(`${DUBBING}?folderId=${reply.body.folderId}`);
    const download = await fetch(done.body.download_url);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="x.mp4"');
    expect(await download.text()).toBe(VIDEO.value);
  });
});
