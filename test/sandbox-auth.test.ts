import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, CREATE, EDIT, LEGACY_FIND, MODIFY, testSandbox, variantA } from './sandbox-helpers.js';

let clock = Date.parse('2026-11-21T12:00:00Z');
let sandbox: Awaited<ReturnType<typeof testSandbox>>;

beforeAll(async () => {
  sandbox = await testSandbox({
    apiKeys: ['key-alice', 'key-bob'],
    apps: [{ appId: 'app-carol', userKey: 'carol-secret' }],
    tokenTtlSeconds: 3600,
    now: () => clock,
  });
});
afterAll(async () => {
  await sandbox.dispose();
});

const payload = variantA(['hello'], () => [], { isExport: false });

describe('Authorization', () => {
  it('answers 401 without the header, stating what to send', async () => {
    const reply = await api(sandbox.url, null).post(CREATE, payload);
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({
      success: false,
      error: {
        code: 'unauthorized',
        message: 'Missing Authorization header: send your API key or access token in it, without a prefix.',
        issues: [],
      },
    });
  });

  it('answers 401 for an unknown key, hints at a prefix, and never echoes the header', async () => {
    const reply = await api(sandbox.url, 'Bearer key-alice').post(CREATE, payload);
    expect(reply.status).toBe(401);
    expect(reply.body.error.message).toBe(
      'The Authorization header holds no API key or token this sandbox knows. Send the key or token alone, without a "Bearer" or other prefix.',
    );
    expect(JSON.stringify(reply.body)).not.toContain('key-alice');
  });

  it('checks auth before the body: an invalid body with a bad key is a 401', async () => {
    expect((await api(sandbox.url, 'nope').post(CREATE, { scenes: 'x' })).status).toBe(401);
  });
});

describe('tokens (POST /sandbox/token)', () => {
  it('issues a token for a configured app that works until it expires, then 401 token_expired', async () => {
    const issued = await api(sandbox.url, null).post('/sandbox/token', { appId: 'app-carol', userKey: 'carol-secret' });
    expect(issued.status).toBe(200);
    expect(issued.body.expiresAt).toBe('2026-11-21T13:00:00.000Z');
    const carol = api(sandbox.url, issued.body.token);
    expect((await carol.post(CREATE, payload)).status).toBe(200);
    clock += 3600 * 1000;
    const expired = await carol.post(CREATE, payload);
    expect(expired.status).toBe(401);
    expect(expired.body.error).toEqual({
      code: 'token_expired',
      message: 'The access token expired at 2026-11-21T13:00:00.000Z. Issue a new one with POST /sandbox/token.',
      issues: [],
    });
    // A fresh token sees what the expired one created: the owner is the app.
    const again = await api(sandbox.url, null).post('/sandbox/token', { appId: 'app-carol', userKey: 'carol-secret' });
    expect((await api(sandbox.url, again.body.token).get('/sandbox/ledger')).body.entries).toHaveLength(1);
  });

  it('answers 401 for a wrong UserKey or an unknown AppId, 400 for a malformed body', async () => {
    const anon = api(sandbox.url, null);
    expect((await anon.post('/sandbox/token', { appId: 'app-carol', userKey: 'wrong' })).status).toBe(401);
    expect((await anon.post('/sandbox/token', { appId: 'nobody', userKey: 'carol-secret' })).status).toBe(401);
    const malformed = await anon.post('/sandbox/token', { appId: 7 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.issues.map((i: { path: string[] }) => i.path[0])).toEqual(['appId', 'userKey']);
  });
});

describe('isolation between keys', () => {
  it("answers 404 for another key's project on every route and keeps ledgers apart", async () => {
    const alice = api(sandbox.url, 'key-alice');
    const bob = api(sandbox.url, 'key-bob');
    const { body } = await alice.post(
      CREATE,
      variantA(['alice only'], () => [], { isExport: false }),
    );
    const id = body.projectId as string;
    expect((await bob.post(MODIFY, { projectId: id, updates: { scripts: 'hijack' } })).status).toBe(404);
    expect(
      (await bob.post(EDIT(id), { updates: { value: [{ sceneIdx: 0, type: 'aiModel', values: { script: 'x' } }] } }))
        .status,
    ).toBe(404);
    expect((await bob.post(LEGACY_FIND(id), {})).status).toBe(404);
    expect((await bob.get(`/sandbox/projects/${id}`)).status).toBe(404);
    expect((await alice.get(`/sandbox/projects/${id}`)).body.payload.scenes[0].scripts[0].org).toBe('alice only');
    const bobLedger = (await bob.get('/sandbox/ledger')).body;
    expect(bobLedger).toEqual({ entries: [], totalCubes: 0 });
    expect((await alice.get('/sandbox/ledger')).body.entries.map((e: { projectId: string }) => e.projectId)).toContain(
      id,
    );
  });

  it('keeps no key, user key or token in the data directory', async () => {
    const issued = await api(sandbox.url, null).post('/sandbox/token', { appId: 'app-carol', userKey: 'carol-secret' });
    await api(sandbox.url, issued.body.token).post(CREATE, payload);
    const files = await readdir(sandbox.dir, { recursive: true });
    let text = '';
    for (const file of files) text += await readFile(join(sandbox.dir, file), 'utf8').catch(() => '');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of ['key-alice', 'key-bob', 'carol-secret', issued.body.token])
      expect(text).not.toContain(secret);
  });
});
