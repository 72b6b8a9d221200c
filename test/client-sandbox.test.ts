/**
 * The client against the real sandbox over HTTP on 127.0.0.1: every endpoint of the spec,
 * tokens, isolation between keys, and the ledger as the record of what was spent.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  expectWebhookDelivery,
  isApiError,
  isValidationError,
  sandboxTokenIssuer,
  type ApiError,
  type ProjectCreateRequest,
  type VsynthClient,
} from '@vsynth/core';
import { startSandbox, type RunningSandbox } from '@vsynth/sandbox';
import { rejection } from './sandbox-helpers.js';

let dir: string;
let sandbox: RunningSandbox;
let alice: VsynthClient;
let bob: VsynthClient;

const payload: ProjectCreateRequest = {
  name: 'Welcome',
  scenes: [
    {
      sceneIdx: 0,
      background: { id: 'background', type: 'background', source_type: 'image', source_url: '/bg/office.png' },
      scripts: [{ org: 'Hello and welcome.', isTTS: false, tts: null, modelId: 'M_anna', clothId: 'C_blue' }],
      clips: [
        {
          id: 'aiModel-1',
          type: 'aiModel',
          layer: 300,
          top: 100,
          left: 700,
          width: 520,
          height: 980,
          model: { ai_name: 'M_anna', emotion: 'C_blue' },
        },
        {
          id: 'title-1',
          type: 'textImage',
          tag: 'title',
          text: 'Welcome',
          layer: 500,
          top: 40,
          left: 60,
          width: 800,
          height: 90,
        },
      ],
    },
  ],
};

async function ledger(key: string): Promise<{
  entries: { endpoint: string; cubes: number; projectId?: string; key?: string; folderId?: string }[];
  totalCubes: number;
}> {
  const response = await fetch(`${sandbox.url}/sandbox/ledger`, { headers: { authorization: key } });
  return (await response.json()) as never;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vsynth-e2e-'));
  sandbox = await startSandbox({
    dataDir: join(dir, 'data'),
    apiKeys: ['key-alice-0001', 'key-bob-0002'],
    apps: [{ appId: 'app-1', userKey: 'user-key-0003' }],
    exportSeconds: 0,
    dubbingPolls: 3,
    fsync: false,
  });
  alice = createClient({ apiKey: 'key-alice-0001', baseUrl: sandbox.url, env: {}, sleep: async () => undefined });
  bob = createClient({ apiKey: 'key-bob-0002', baseUrl: sandbox.url, env: {}, sleep: async () => undefined });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

describe('client ↔ sandbox', () => {
  it('creates, modifies and edits a v3 project, and the ledger records each request', async () => {
    const { projectId } = await alice.createProject({ ...payload, isExport: false });
    expect(projectId).toMatch(/^[0-9a-f]{24}$/);
    const modified = await alice.modifyProject({ projectId, updates: { title: 'Tom & Jerry', scripts: 'Hi Ana.' } });
    expect(modified.projectId).toBe(projectId);
    const edited = await alice.editProject(projectId, {
      updates: { value: [{ sceneIdx: 0, type: 'textImage', values: { text: 'Edited', fontSize: 72 } }] },
      isExport: false,
    });
    expect(edited.projectId).toBe(projectId);

    const view = (await (
      await fetch(`${sandbox.url}/sandbox/projects/${projectId}`, { headers: { authorization: 'key-alice-0001' } })
    ).json()) as {
      payload: ProjectCreateRequest;
    };
    const scene = view.payload.scenes[0];
    expect(scene?.scripts?.[0]?.org).toBe('Hi Ana.');
    expect(scene?.clips[1]).toMatchObject({ text: 'Edited', fontSize: 72 });

    const entries = (await ledger('key-alice-0001')).entries.filter((e) => e.projectId === projectId);
    expect(entries.map((e) => e.endpoint)).toEqual([
      'POST /api/odin/v3/editor/project',
      'POST /api/odin/v3/project/modify',
      `POST /api/odin/v3/editor/project/${projectId}`,
    ]);
  });

  it('exports a project and delivers the webhook to a correlated local listener', async () => {
    const expected = await expectWebhookDelivery({ secret: 'hook-secret' });
    try {
      const { projectId } = await alice.createProject({ ...payload, webhookUrl: expected.webhookUrl });
      const delivery = await expected.wait({ timeoutMs: 15_000 });
      expect(delivery.correlationId).toBe(expected.id);
      expect(delivery.location).toContain(projectId);
      expect(delivery.duration).toBeGreaterThan(0);
      const artifact = await fetch(delivery.videoUrl);
      expect(artifact.status).toBe(200);
      expect((await artifact.arrayBuffer()).byteLength).toBeGreaterThan(0);
    } finally {
      await expected.close();
    }
  });

  it('answers a modify key beyond the tagged clips with a 400 naming the key', async () => {
    const { projectId } = await alice.createProject({ ...payload, isExport: false });
    const error = (await rejection(alice.modifyProject({ projectId, updates: { title_3: 'nope' } }))) as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(400);
    expect(error.transient).toBe(false);
    expect(error.message).toBe(
      `Request failed with status 400 Bad Request: POST /api/odin/v3/project/modify: Cannot modify project ${projectId}: an update does not apply; updates.title_3: Update key "title_3" addresses title clip 3, but the project has 1 clip tagged "title"`,
    );
  });

  it('creates a legacy project, finds it by key, and creates legacy audio', async () => {
    const created = await alice.createLegacyProject({
      scenes: [
        {
          AIModel: {
            model: 'M_anna',
            clothes: 'C_blue',
            language: 'ko',
            script: '안녕하세요',
            locationX: 0,
            locationY: 0.1,
          },
          clips: [],
        },
      ],
    });
    expect(created.success).toBe(true);
    expect(created.cube_used).toBeGreaterThan(0);
    const found = (await alice.findLegacyProject(created.key)) as Record<string, unknown>;
    expect(JSON.stringify(found)).toContain('안녕하세요');
    const audio = await alice.createLegacyAudio({ language: 'ko', text: '안녕하세요', model: 'anna' });
    expect(audio).toEqual({
      success: true,
      cube_used: expect.any(Number),
      key: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    const spent = await ledger('key-alice-0001');
    expect(spent.entries.find((e) => e.key === created.key)?.cubes).toBe(created.cube_used);
    expect(spent.entries.find((e) => e.key === (audio as { key: string }).key)?.endpoint).toBe(
      'POST /api/odin/simple/audio',
    );
  });

  it('uploads a video for dubbing from a path and waits for the download_url', async () => {
    const video = join(dir, 'talk.mp4');
    const srt = join(dir, 'fr.srt');
    await writeFile(video, Buffer.alloc(200_000, 3));
    await writeFile(srt, '1\n00:00:00,000 --> 00:00:01,000\nBonjour\n');
    const { folderId } = await alice.uploadDubbing({
      file: video,
      targets: ['es-ES', 'fr-FR'],
      targetSrts: { 'fr-FR': srt },
      numberOfSpeakers: 2,
    });
    const seen: number[] = [];
    const done = await alice.waitForDubbing(folderId, {
      intervalMs: 1,
      onProgress: ({ progress }) => seen.push(progress.progress),
    });
    expect(done.progress).toBe(100);
    expect(seen.at(-1)).toBe(100);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const download = await fetch(done.download_url ?? '');
    expect(download.status).toBe(200);
    expect((await download.arrayBuffer()).byteLength).toBe(200_000);
  });

  it('refuses an invalid dubbing upload before sending anything', async () => {
    const before = (await ledger('key-alice-0001')).entries.length;
    const error = await rejection(
      alice.uploadDubbing({ file: new Blob(['x']), targets: ['es-ES'], numberOfSpeakers: 9 }),
    );
    expect(isValidationError(error)).toBe(true);
    expect((await ledger('key-alice-0001')).entries.length).toBe(before);
  });

  it("keeps keys apart: another key's project and dubbing job answer 404", async () => {
    const { projectId } = await alice.createProject({ ...payload, isExport: false });
    const modify = (await rejection(bob.modifyProject({ projectId, updates: { title: 'mine now' } }))) as ApiError;
    expect(modify.status).toBe(404);
    expect(modify.message).toBe(
      `Request failed with status 404 Not Found: POST /api/odin/v3/project/modify: No project "${projectId}" for this key. Check the id or key; items created with another API key are not visible`,
    );
    const { folderId } = await alice.uploadDubbing({ file: new Blob([new Uint8Array(10)]), targets: ['ko-KR'] });
    const progress = (await rejection(bob.getDubbingProgress(folderId))) as ApiError;
    expect(progress.status).toBe(404);
    expect((await ledger('key-bob-0002')).entries.some((e) => e.projectId === projectId)).toBe(false);
  });

  it('issues a token through /sandbox/token and uses it', async () => {
    const client = createClient({
      appId: 'app-1',
      userKey: 'user-key-0003',
      baseUrl: sandbox.url,
      env: {},
      issueToken: sandboxTokenIssuer(sandbox.url),
    });
    const { projectId } = await client.createProject({ ...payload, isExport: false });
    expect(projectId).toMatch(/^[0-9a-f]{24}$/);
    // The token's owner is the app: its ledger has the project, a key's ledger does not.
    expect((await ledger('key-alice-0001')).entries.some((e) => e.projectId === projectId)).toBe(false);
  });

  it('issues tokens from VSYNTH_APP_ID/VSYNTH_USER_KEY through the sandbox route by default', async () => {
    const client = createClient({
      env: { VSYNTH_APP_ID: 'app-1', VSYNTH_USER_KEY: 'user-key-0003', VSYNTH_BASE_URL: `${sandbox.url}/` },
    });
    expect(client.baseUrl).toBe(sandbox.url);
    const { folderId } = await client.uploadDubbing({ file: new Blob([new Uint8Array(8)]), targets: ['vi-VN'] });
    expect(await client.getDubbingProgress(folderId)).toMatchObject({
      name: 'video.mp4',
      progress: expect.any(Number),
      targets: ['vi-VN'],
    });
  });

  it('streams an upload through an injected fetch as well', async () => {
    const client = createClient({ apiKey: 'key-alice-0001', baseUrl: sandbox.url, env: {}, fetch: globalThis.fetch });
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1000).fill(9));
        controller.close();
      },
    });
    const { folderId } = await client.uploadDubbing({ file: stream, fileName: 'piped.mp4', targets: ['it-IT'] });
    const done = await client.waitForDubbing(folderId, { intervalMs: 1 });
    const bytes = new Uint8Array(await (await fetch(done.download_url ?? '')).arrayBuffer());
    expect(bytes.length).toBe(1000);
    expect(bytes.every((b) => b === 9)).toBe(true);
  });

  it('answers unknown credentials with a permanent 401', async () => {
    const stranger = createClient({ apiKey: 'key-unknown-9999', baseUrl: sandbox.url, env: {} });
    const error = (await rejection(stranger.createProject(payload))) as ApiError;
    expect(error.status).toBe(401);
    expect(error.transient).toBe(false);
    expect(error.message).not.toContain('key-unknown-9999');
  });
});
