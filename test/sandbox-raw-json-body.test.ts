import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '@vsynth/sandbox';
import { api, CREATE, MODIFY, tempDir, textClip, variantA } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function postText(base: string, path: string, text: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
    body: text,
  });
  return { status: response.status, body: await response.json() };
}

describe('a create body stored as its own JSON text', () => {
  it('reads back as JSON.parse of what was sent, before and after a restart, and after a modify', async () => {
    const dir = await tempDir();
    cleanups.push(dir.remove);
    const base = JSON.stringify(variantA(['s'], () => [textClip('t', 'title', 'Old')]));
    const texts = [
      base.replace('{', '{"name":"a","name":"b",'),
      base.replace('{', '{"__proto__":{"x":1},"constructor":{"y":2},'),
      base.replace('{', '{"n1":1.0,"n2":1e2,"n3":-0,"n4":1e400,"n5":1e-400,"n6":12345678901234567890,'),
      base.replace('{', '{"u1":"\\ud800","u2":"\\u2028","u3":"\u2028\u2029","u4":"\\u0000",'),
      `\r ${base.replace('{', '{ \t\r "w" \r : \r 1 \r ,')} \r`,
      base.replace('{', '{\n"w":1,'),
    ];
    const first = await startSandbox({ dataDir: dir.path, exportSeconds: 0 });
    const ids: string[] = [];
    const expected: string[] = [];
    for (const text of texts) {
      const reply = await postText(first.url, CREATE, text);
      expect(reply.status).toBe(200);
      ids.push(reply.body.projectId);
      expect(JSON.stringify((await api(first.url).get(`/sandbox/projects/${reply.body.projectId}`)).body.payload)).toBe(
        JSON.stringify(JSON.parse(text)),
      );
      expect(
        (await postText(first.url, MODIFY, `{"projectId":"${reply.body.projectId}", "updates":{"title":"New"}}`))
          .status,
      ).toBe(200);
      const modified = JSON.parse(text);
      modified.scenes[0].clips[0].text = 'New';
      expected.push(JSON.stringify(modified));
    }
    const ledger = (await api(first.url).get('/sandbox/ledger')).body;
    await first.close();
    const second = await startSandbox({ dataDir: dir.path, exportSeconds: 0 });
    cleanups.push(() => second.close());
    for (const [index, id] of ids.entries()) {
      expect(JSON.stringify((await api(second.url).get(`/sandbox/projects/${id}`)).body.payload)).toBe(expected[index]);
    }
    expect((await api(second.url).get('/sandbox/ledger')).body).toEqual(ledger);
  });
});
