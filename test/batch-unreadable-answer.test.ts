import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '@vsynth/core';
import { runBatch } from '@vsynth/batch';
import { iterableRows, modifyTemplate } from '@vsynth/templates';
import { instantClock, readNdjson } from './batch-helpers.js';

let server: Server | undefined;
let dir: string | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  server = undefined;
  dir = undefined;
});

describe('a batch row whose request was answered 200 with a body the client cannot read', () => {
  it('is unknown, not failed: a resume does not send it again (the service may have done it); a 200 saying success: false fails', async () => {
    const received: string[] = [];
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const name = (JSON.parse(body) as { updates: { title: string } }).updates.title;
        received.push(name);
        // A new answer shape for Ada; a plain refusal for Bo.
        const answer =
          name === 'Ada'
            ? { success: true, data: { jobId: 'j-1' } }
            : { success: false, message: 'the project is locked' };
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const client = createClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
      apiKey: 'test-key',
    });
    dir = await mkdtemp(join(tmpdir(), 'vsynth-unreadable-'));
    const options = {
      template: modifyTemplate({ projectId: 'p-base', updates: { title: '{{name}}' }, isExport: false }),
      client,
      clock: instantClock,
      journal: join(dir, 'journal.ndjson'),
      results: join(dir, 'results.ndjson'),
      secrets: [],
    };
    const rows = () => iterableRows([{ name: 'Ada' }, { name: 'Bo' }]);

    expect(await runBatch({ ...options, rows: rows() })).toMatchObject({ done: 0, failed: 1, unknown: 1 });
    expect((await readNdjson(options.results)).map((r) => [r['row'], r['status'], r['reason']])).toEqual([
      [1, 'unknown', 'unreadable_answer'],
      [2, 'failed', 'http_200'],
    ]);
    await runBatch({ ...options, rows: rows(), resume: true });
    // Bo (failed: nothing done) is sent again; Ada (perhaps done) is not.
    expect(received).toEqual(['Ada', 'Bo', 'Bo']);
  });
});
