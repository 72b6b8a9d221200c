import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  avatarClip,
  CREATE,
  EDIT,
  eventually,
  LEGACY_AUDIO,
  LEGACY_CREATE,
  LEGACY_FIND,
  legacyPayload,
  MODIFY,
  testSandbox,
  textClip,
  variantA,
  variantB,
  webhookReceiver,
} from './sandbox-helpers.js';

let sandbox: Awaited<ReturnType<typeof testSandbox>>;
let client: ReturnType<typeof api>;

beforeAll(async () => {
  sandbox = await testSandbox();
  client = api(sandbox.url);
});
afterAll(async () => {
  await sandbox.dispose();
});

const project = async (id: string) => (await client.get(`/sandbox/projects/${id}`)).body;

describe('create (POST /api/odin/v3/editor/project)', () => {
  it('stores the payload, answers {projectId} and records cubes in the ledger', async () => {
    const payload = variantA(['Hello there, welcome to the sale.', 'x'.repeat(150)], () => [], { isExport: false });
    const created = await client.post(CREATE, payload);
    expect(created.status).toBe(200);
    expect(Object.keys(created.body)).toEqual(['projectId']);
    expect(created.body.projectId).toMatch(/^[0-9a-f]{24}$/);
    const stored = await project(created.body.projectId);
    expect(stored.revision).toBe(1);
    expect(stored.payload.scenes[1].scripts[0].org).toBe('x'.repeat(150));
    expect(stored.exports).toEqual([]);
    const ledger = (await client.get('/sandbox/ledger')).body;
    const entry = ledger.entries.find((e: { projectId?: string }) => e.projectId === created.body.projectId);
    expect(entry).toMatchObject({ endpoint: `POST ${CREATE}`, cubes: 0, body: payload });
    expect(entry.owner).toBeUndefined();
  });

  it('accepts every example payload of the repository', async () => {
    for (const name of ['create-variant-a.json', 'create-variant-b.json']) {
      const payload = JSON.parse(await readFile(new URL(`../examples/payloads/${name}`, import.meta.url), 'utf8'));
      delete payload.webhookUrl;
      const reply = await client.post(CREATE, payload);
      expect(reply.status, name).toBe(200);
    }
    const legacy = JSON.parse(await readFile(new URL('../examples/payloads/legacy.json', import.meta.url), 'utf8'));
    expect((await client.post(LEGACY_CREATE, legacy)).status).toBe(200);
  });

  it('exports by default: artifact, webhook with the three parameters appended to the existing query, cubes by the cost function', async () => {
    const receiver = await webhookReceiver();
    try {
      const payload = variantA(['Hello there, welcome to the sale.', 'y'.repeat(150)], () => [], {
        webhookUrl: `${receiver.url}?vs_cid=row-7&vs_sig=abc123`,
      });
      const { body } = await client.post(CREATE, payload);
      await receiver.received(1);
      const delivery = receiver.requests[0]!;
      expect(delivery.method).toBe('GET');
      expect(delivery.url.searchParams.get('vs_cid')).toBe('row-7');
      expect(delivery.url.searchParams.get('vs_sig')).toBe('abc123');
      expect(delivery.url.searchParams.get('ai_progress_update_loc')).toBe(
        `${sandbox.url}/sandbox/projects/${body.projectId}`,
      );
      // preview's estimate for language en (150 words/min): 6 words → 2.4 s, one long word → the 1.5 s minimum
      expect(delivery.url.searchParams.get('duration')).toBe('3.9');
      const videoUrl = delivery.url.searchParams.get('videoUrl')!;
      expect(videoUrl.startsWith(`${sandbox.url}/sandbox/artifacts/`)).toBe(true);
      const download = await fetch(videoUrl);
      expect(download.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${body.projectId}.json"`);
      const artifact = (await download.json()) as { projectId: string; project: { scenes: unknown[] } };
      expect(artifact.projectId).toBe(body.projectId);
      expect(artifact.project.scenes).toHaveLength(2);
      const stored = await eventually(async () => {
        const p = await project(body.projectId);
        return p.exports[0]?.webhook?.status === 'delivered' ? p : undefined;
      });
      expect(stored.exports[0]).toMatchObject({
        status: 'done',
        progress: 100,
        videoUrl,
        duration: '3.9',
        webhook: { attempts: 1 },
      });
      const ledger = (await client.get('/sandbox/ledger')).body;
      // 2 scenes + ⌈183 / 100⌉ = 4 cubes
      expect(ledger.entries.find((e: { projectId?: string }) => e.projectId === body.projectId).cubes).toBe(4);
    } finally {
      await receiver.close();
    }
  });

  it('answers 400 with every issue and their paths for an invalid body, and stores nothing', async () => {
    const before = (await client.get('/sandbox/ledger')).body.entries.length;
    const payload = variantA(['Hi']);
    (payload.scenes[0]!.scripts[0] as Record<string, unknown>)['isTTS'] = true;
    delete (payload.scenes[0] as Record<string, unknown>)['background'];
    const reply = await client.post(CREATE, payload);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.error.code).toBe('invalid_request');
    expect(reply.body.error.message).toMatch(/^Invalid project create request: /);
    const paths = reply.body.error.issues
      .filter((i: { severity: string }) => i.severity === 'error')
      .map((i: { path: unknown[] }) => i.path.join('.'));
    expect(paths).toContain('scenes.0.background');
    expect(paths).toContain('scenes.0.scripts.0.tts');
    for (const entry of reply.body.error.issues) expect(typeof entry.message).toBe('string');
    expect((await client.get('/sandbox/ledger')).body.entries.length).toBe(before);
  });

  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const response = await fetch(`${sandbox.url}${CREATE}`, {
      method: 'POST',
      headers: { authorization: 'sandbox-key', 'content-type': 'application/json' },
      body: '{"scenes": [',
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });
});

describe('modify (POST /api/odin/v3/project/modify)', () => {
  const clips = (scene: number) =>
    scene === 0
      ? [textClip('t0', 'title', 'T0'), textClip('s0', 'subtitles', 'S0'), textClip('t1', 'title', 'T1')]
      : [textClip('t2', 'title', 'T2')];

  it('replaces tagged texts by the counting rule and scripts by scene, without exporting by default', async () => {
    const { body } = await client.post(CREATE, variantA(['one', 'two'], clips, { isExport: false }));
    const reply = await client.post(MODIFY, {
      projectId: body.projectId,
      updates: { title: 'A', title_2: 'C', subtitles: 'S', scripts_1: 'new speech' },
    });
    expect(reply).toMatchObject({ status: 200, body: { projectId: body.projectId } });
    const stored = await project(body.projectId);
    expect(stored.revision).toBe(2);
    const texts = stored.payload.scenes.flatMap((s: { clips: { id: string; text?: string }[] }) =>
      s.clips.filter((c) => c.text !== undefined).map((c) => `${c.id}=${c.text}`),
    );
    expect(texts).toEqual(['t0=A', 's0=S', 't1=T1', 't2=C']);
    expect(stored.payload.scenes[1].scripts[0].org).toBe('new speech');
    expect(stored.exports).toEqual([]);
  });

  it('replaces the speech of a variant B scene in its avatar clip', async () => {
    const { body } = await client.post(CREATE, variantB(['<p>first</p>', '<p>second</p>'], { isExport: false }));
    expect((await client.post(MODIFY, { projectId: body.projectId, updates: { scripts_1: 'changed' } })).status).toBe(
      200,
    );
    const stored = await project(body.projectId);
    expect(stored.payload.scenes[1].clips[1].script).toEqual({ org: 'changed', tts: null });
  });

  it('answers 400 naming the key when the index is beyond the tagged clips or scenes, and changes nothing', async () => {
    const { body } = await client.post(CREATE, variantA(['one', 'two'], clips, { isExport: false }));
    const reply = await client.post(MODIFY, {
      projectId: body.projectId,
      updates: { title: 'ok', title_3: 'x', scripts_2: 'y' },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.issues).toEqual([
      {
        code: 'invalid_value',
        severity: 'error',
        path: ['updates', 'title_3'],
        message: 'Update key "title_3" addresses title clip 3, but the project has 3 clips tagged "title"',
      },
      {
        code: 'invalid_value',
        severity: 'error',
        path: ['updates', 'scripts_2'],
        message: 'Update key "scripts_2" addresses scene 2, but the project has 2 scenes',
      },
    ]);
    expect((await project(body.projectId)).revision).toBe(1);
  });

  it('exports when isExport is true and charges cubes for it', async () => {
    const { body } = await client.post(CREATE, variantA(['one'], clips, { isExport: false }));
    await client.post(MODIFY, { projectId: body.projectId, updates: { title: 'X' }, isExport: true });
    const stored = await eventually(async () => {
      const p = await project(body.projectId);
      return p.exports[0]?.status === 'done' ? p : undefined;
    });
    expect(stored.exports[0].revision).toBe(2);
    const entries = (await client.get('/sandbox/ledger')).body.entries.filter(
      (e: { projectId?: string }) => e.projectId === body.projectId,
    );
    expect(entries.map((e: { endpoint: string; cubes: number }) => `${e.endpoint} ${e.cubes}`)).toEqual([
      `POST ${CREATE} 0`,
      `POST ${MODIFY} 2`,
    ]);
  });

  it('answers 404 for an unknown project', async () => {
    const reply = await client.post(MODIFY, { projectId: '000000000000000000000000', updates: { title: 'x' } });
    expect(reply.status).toBe(404);
    expect(reply.body.error.code).toBe('not_found');
  });
});

describe('edit (POST /api/odin/v3/editor/project/{key})', () => {
  it('changes the listed values of the first clip of each type, and the background', async () => {
    const { body } = await client.post(
      CREATE,
      variantA(
        ['one', 'two'],
        (i) => [textClip(`t${i}`, undefined, `old ${i}`), textClip(`u${i}`, undefined, 'untouched')],
        { isExport: false },
      ),
    );
    const reply = await client.post(EDIT(body.projectId), {
      updates: {
        value: [
          { sceneIdx: 0, type: 'aiModel', values: { script: 'new speech' } },
          { sceneIdx: 1, type: 'textImage', values: { text: 'new title', fontSize: 88 } },
          { sceneIdx: 1, type: 'background', values: { source_url: 'https://cdn.example.com/beach.jpg' } },
        ],
      },
      isExport: false,
    });
    expect(reply).toMatchObject({ status: 200, body: { projectId: body.projectId } });
    const stored = await project(body.projectId);
    expect(stored.payload.scenes[0].scripts[0].org).toBe('new speech');
    expect(stored.payload.scenes[1].clips[0]).toMatchObject({ text: 'new title', fontSize: 88 });
    expect(stored.payload.scenes[1].clips[1].text).toBe('untouched');
    expect(stored.payload.scenes[1].background.source_url).toBe('https://cdn.example.com/beach.jpg');
    expect(stored.payload.scenes[1].background.id).toBe('background');
  });

  it('answers 400 naming a missing scene or clip type', async () => {
    const { body } = await client.post(
      CREATE,
      variantA(['one'], () => [], { isExport: false }),
    );
    const reply = await client.post(EDIT(body.projectId), {
      updates: {
        value: [
          { sceneIdx: 4, type: 'textImage', values: { text: 'x' } },
          { sceneIdx: 0, type: 'shape', values: { fill: '#fff' } },
        ],
      },
    });
    expect(reply.status).toBe(400);
    expect(
      reply.body.error.issues.map((i: { path: unknown[]; message: string }) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['updates.value.0.sceneIdx', 'Scene 4 does not exist: the project has 1 scene (0–0)'],
      ['updates.value.1.type', 'Scene 0 has no shape clip to edit'],
    ]);
  });

  it('exports by default', async () => {
    const { body } = await client.post(
      CREATE,
      variantA(['one'], () => [], { isExport: false }),
    );
    await client.post(EDIT(body.projectId), {
      updates: { value: [{ sceneIdx: 0, type: 'aiModel', values: { script: 'x' } }] },
    });
    expect((await project(body.projectId)).exports).toHaveLength(1);
  });

  it('answers 400 when the edit would make the project invalid', async () => {
    const { body } = await client.post(
      CREATE,
      variantA(['one'], () => [], { isExport: false }),
    );
    const reply = await client.post(EDIT(body.projectId), {
      updates: { value: [{ sceneIdx: 0, type: 'aiModel', values: { id: 5 } }] },
    });
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(new RegExp(`^Invalid project ${body.projectId} after the updates: `));
    expect(reply.body.error.issues[0].path).toEqual(['scenes', 0, 'clips', 0, 'id']);
    expect((await project(body.projectId)).revision).toBe(1);
  });
});

describe('legacy endpoints', () => {
  it('legacy create answers {success, cube_used, key} and find returns the project with its export', async () => {
    const created = await client.post(LEGACY_CREATE, legacyPayload);
    // 1 scene + ⌈5 / 100⌉
    expect(created).toMatchObject({ status: 200, body: { success: true, cube_used: 2 } });
    const key = created.body.key as string;
    const found = await eventually(async () => {
      const reply = await client.post(LEGACY_FIND(key), {});
      return reply.body.status === 'done' ? reply : undefined;
    });
    expect(found.body).toMatchObject({ success: true, key, format: 'legacy', progress: 100, project: legacyPayload });
    expect(found.body.videoUrl).toMatch(/\/sandbox\/artifacts\//);
    expect(
      (await client.get('/sandbox/ledger')).body.entries.find((e: { key?: string }) => e.key === key),
    ).toMatchObject({ endpoint: `POST ${LEGACY_CREATE}`, cubes: 2 });
  });

  it('modify and edit work on a legacy project by its key', async () => {
    const { body } = await client.post(LEGACY_CREATE, legacyPayload);
    expect((await client.post(MODIFY, { projectId: body.key, updates: { scripts: '반갑습니다' } })).status).toBe(200);
    expect(
      (
        await client.post(EDIT(body.key), {
          updates: { value: [{ sceneIdx: 0, type: 'textImage', values: { text: 'Bye' } }] },
          isExport: false,
        })
      ).status,
    ).toBe(200);
    const stored = await project(body.key);
    expect(stored.payload.scenes[0].AIModel.script).toBe('반갑습니다');
    expect(stored.payload.scenes[0].clips[1].detail.textSource).toBe('Bye');
  });

  it('legacy audio answers like legacy create and delivers a silent WAV of the estimated length to its webhook', async () => {
    const receiver = await webhookReceiver();
    try {
      const text = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
      const reply = await client.post(LEGACY_AUDIO, { language: 'en', text, model: 'anna', webhook: receiver.url });
      // ⌈139 / 100⌉ blocks
      expect(reply).toMatchObject({ status: 200, body: { success: true, cube_used: 2 } });
      await receiver.received(1);
      const params = receiver.requests[0]!.url.searchParams;
      // 20 words at 150 per minute
      expect(params.get('duration')).toBe('8');
      const wav = Buffer.from(await (await fetch(params.get('videoUrl')!)).arrayBuffer());
      expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(wav.length).toBe(44 + 8 * 8000 * 2);
    } finally {
      await receiver.close();
    }
  });

  it('find of another key or an unknown key answers 404', async () => {
    expect((await client.post(LEGACY_FIND('nope'), {})).status).toBe(404);
  });
});

describe('routing', () => {
  it('answers 404 for an unknown path and 405 with Allow for a wrong method', async () => {
    expect((await client.get('/api/odin/v3/nothing')).status).toBe(404);
    const reply = await client.get(CREATE);
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    expect(reply.body.error.code).toBe('method_not_allowed');
  });

  it('answers 415 for a JSON endpoint sent form data', async () => {
    const form = new FormData();
    form.set('scenes', '[]');
    expect((await client.form(CREATE, form)).status).toBe(415);
  });

  it('serves health without Authorization', async () => {
    expect((await api(sandbox.url, null).get('/sandbox/health')).body).toEqual({ ok: true });
  });
});

describe('avatar clip fixture', () => {
  it('is valid on its own in a variant B scene', async () => {
    const payload = {
      scenes: [{ sceneIdx: 0, background: { id: 'background', type: 'background' }, clips: [avatarClip('a', 'hi')] }],
      isExport: false,
    };
    expect((await client.post(CREATE, payload)).status).toBe(200);
  });
});
