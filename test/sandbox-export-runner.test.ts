/**
 * The export runner under stress: stops while deliveries wait on their receivers, deliveries that
 * hang while other exports complete, artifacts that cannot be written, and a stop in the middle
 * of a burst of exports whose projects change meanwhile.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderProjectJson, startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { api, CREATE, eventually, tempDir, textClip, variantA } from './sandbox-helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function dataDir(): Promise<string> {
  const dir = await tempDir();
  cleanups.push(dir.remove);
  return dir.path;
}

/** A receiver that hands each request to `answer` (which may hold it), and its requests' project ids. */
async function receiver(answer: (request: IncomingMessage, response: ServerResponse) => void) {
  const requests: IncomingMessage[] = [];
  const server = createServer((request, response) => {
    requests.push(request);
    answer(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    requests,
    projects: () =>
      requests.map((request) =>
        new URL(request.url ?? '/', 'http://r').searchParams.get('ai_progress_update_loc')?.split('/').pop(),
      ),
  };
}

async function exportOf(sandbox: RunningSandbox, projectId: string) {
  return (await api(sandbox.url).get(`/sandbox/projects/${projectId}`)).body.exports[0];
}

describe('export runner', () => {
  it('records a delivery its receiver answers while the sandbox stops, and does not send it again after a restart', async () => {
    const dir = await dataDir();
    // Answers each delivery 150 ms after it came: within the 0.5 s a stop waits for jobs in progress.
    const hooks = await receiver((_request, response) => void setTimeout(() => response.writeHead(200).end(), 150));
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const { body } = await api(first.url).post(
      CREATE,
      variantA(['delivered while stopping'], () => [], { webhookUrl: hooks.url }),
    );
    await eventually(() => (hooks.requests.length === 1 ? true : undefined));
    await first.close();

    const second = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    cleanups.push(() => second.close());
    // A later export's delivery: a resumed delivery of the first, due at start, would come before it.
    const later = await api(second.url).post(
      CREATE,
      variantA(['later'], () => [], { webhookUrl: hooks.url }),
    );
    await eventually(() => (hooks.projects().includes(later.body.projectId) ? true : undefined));
    expect(hooks.projects()).toEqual([body.projectId, later.body.projectId]);
    expect(await exportOf(second, body.projectId)).toMatchObject({
      status: 'done',
      webhook: { status: 'delivered', attempts: 1, lastError: null },
    });
  });

  it('stops within a second while a receiver holds a delivery, and delivers it after a restart without counting the cut attempt', async () => {
    const dir = await dataDir();
    let hold = true;
    const closedAt: number[] = [];
    const hooks = await receiver((request, response) => {
      if (!hold) return void response.writeHead(200).end();
      request.socket.on('close', () => closedAt.push(performance.now()));
    });
    const lines: string[] = [];
    const first = await startSandbox({
      dataDir: dir,
      exportSeconds: 0,
      webhookRetry: { timeoutMs: 10_000 },
      log: (line) => lines.push(line),
    });
    const { body } = await api(first.url).post(
      CREATE,
      variantA(['held delivery'], () => [], { webhookUrl: hooks.url }),
    );
    await eventually(() => (hooks.requests.length === 1 ? true : undefined));
    const stoppedAt = performance.now();
    await first.close();
    const linesAtClose = lines.length;
    // The sandbox hangs up on the receiver: a process stopped by SIGTERM does not wait for it.
    await eventually(() => (closedAt.length === 1 ? true : undefined));
    // Well before the 10 s delivery timeout it would have waited (close waits 0.5 s for jobs in progress).
    expect(closedAt[0]! - stoppedAt).toBeLessThan(5_000);
    expect(lines.slice(linesAtClose)).toEqual([]);

    hold = false;
    const second = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    cleanups.push(() => second.close());
    await eventually(() => (hooks.requests.length === 2 ? true : undefined));
    const exported = await eventually(async () => {
      const e = await exportOf(second, body.projectId);
      return e.webhook.status === 'delivered' ? e : undefined;
    });
    expect(exported).toMatchObject({ status: 'done', webhook: { status: 'delivered', attempts: 1, lastError: null } });
  });

  it('stores rendered exports as done while every delivery waits on a receiver that does not answer', async () => {
    const held: ServerResponse[] = [];
    const hooks = await receiver((_request, response) => void held.push(response));
    const sandbox = await startSandbox({
      dataDir: await dataDir(),
      exportSeconds: 0,
      webhookRetry: { timeoutMs: 10_000 },
    });
    cleanups.push(() => sandbox.close());
    const client = api(sandbox.url);
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        client.post(
          CREATE,
          variantA([`hooked ${i}`], () => [], { webhookUrl: hooks.url }),
        ),
      ),
    );
    await eventually(() => (held.length === 32 ? true : undefined));
    const { body } = await client.post(CREATE, variantA(['no webhook']));
    const startedAt = performance.now();
    await eventually(async () => ((await exportOf(sandbox, body.projectId)).status === 'done' ? true : undefined));
    // Well before the 10 s the held deliveries wait for their receiver.
    expect(performance.now() - startedAt).toBeLessThan(5_000);
  });

  it('fails an export whose artifact cannot be written, saying that storing it failed, and keeps it failed after a restart', async () => {
    const dir = await dataDir();
    // A file where the artifacts directory goes: every artifact write fails.
    await writeFile(join(dir, 'artifacts'), 'not a directory');
    const hooks = await receiver((_request, response) => void response.writeHead(200).end());
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    const { body } = await api(first.url).post(
      CREATE,
      variantA(['nowhere to write'], () => [], { webhookUrl: hooks.url }),
    );
    const failed = {
      status: 'failed',
      progress: 100,
      videoUrl: null,
      duration: null,
      error: `storing the artifact failed: EEXIST: file already exists, mkdir '${join(dir, 'artifacts')}'`,
    };
    expect(
      await eventually(async () =>
        (await exportOf(first, body.projectId)).status === 'failed' ? exportOf(first, body.projectId) : undefined,
      ),
    ).toMatchObject(failed);
    await first.close();

    const second = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    cleanups.push(() => second.close());
    expect(await exportOf(second, body.projectId)).toMatchObject(failed);
    expect(hooks.requests).toHaveLength(0);
  });

  it('stopped amid 60 exports whose projects change meanwhile, leaves none done without its artifact, and a restart finishes each with the payload it started with', async () => {
    const dir = await dataDir();
    let rendered = 0;
    let modifiesSent!: () => void;
    const modified = new Promise<void>((resolve) => (modifiesSent = resolve));
    const slowJson = async (payload: unknown, context: Parameters<typeof renderProjectJson>[1]) => {
      // Past the first renders, the others wait for the modifies: on any machine the stop finds exports unfinished.
      if (rendered >= 8) await modified;
      await new Promise((resolve) => setTimeout(resolve, 20));
      rendered += 1;
      return renderProjectJson(payload, context);
    };
    const first = await startSandbox({ dataDir: dir, exportSeconds: 0, renderArtifact: slowJson });
    const client = api(first.url);
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client.post(
          CREATE,
          variantA([`Export ${i}`], () => [textClip('title', 'title', `Title ${i}`)]),
        ),
      ),
    );
    const ids = created.map((reply) => reply.body.projectId as string);
    // Each project changes while its export waits or renders: the export keeps what it was created with.
    const changed = await Promise.all(
      ids.map((projectId) => client.post('/api/odin/v3/project/modify', { projectId, updates: { title: 'Changed' } })),
    );
    expect(changed.map((reply) => reply.status)).toEqual(ids.map(() => 200));
    modifiesSent();
    await eventually(() => (rendered >= 8 ? true : undefined));
    await first.close();

    const readArtifact = async (e: { videoUrl: string }, base: string) => {
      const path = new URL(e.videoUrl).pathname;
      return JSON.parse(await (await fetch(`${base}${path}`)).text()) as {
        project: { scenes: { clips: { text?: string }[] }[] };
      };
    };
    const log = (await readFile(join(dir, 'store.ndjson'), 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { t: string; v: Record<string, unknown> });
    const artifactIds = new Set(log.filter((line) => line.t === 'artifact').map((line) => line.v['id']));
    const doneBeforeStop = log.filter((line) => line.t === 'export' && line.v['status'] === 'done');
    expect(doneBeforeStop.filter((line) => !artifactIds.has(line.v['artifactId']))).toEqual([]);
    expect(doneBeforeStop.length).toBeLessThan(60);

    const second = await startSandbox({ dataDir: dir, exportSeconds: 0 });
    cleanups.push(() => second.close());
    for (const [i, projectId] of ids.entries()) {
      const exported = await eventually(async () => {
        const e = await exportOf(second, projectId);
        return e.status === 'exporting' ? undefined : e;
      });
      expect(exported).toMatchObject({ status: 'done', revision: 1, error: null });
      const artifact = await readArtifact(exported, second.url);
      expect(artifact.project.scenes[0]!.clips[0]!.text).toBe(`Title ${i}`);
    }
  });
});
